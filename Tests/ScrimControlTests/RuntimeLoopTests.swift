import Dispatch
import Foundation
import ScrimControl
import ScrimCore
import ScrimLua
import Testing

/// The runtime served: on a thread of its own (`RuntimeThread`), and to an in-process client of
/// the control protocol (`RuntimeLoop.answerControlLine`).
@Suite struct RuntimeLoopTests {
    @Test func aRuntimeThreadRunsCallsFromOtherThreadsOnItsOwn() throws {
        let owner = try RuntimeThread(configuration: .init())
        let runtimeThread = owner.sync { _ in pthread_self() }
        #expect(pthread_equal(runtimeThread, pthread_self()) == 0)
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            owner.sync { runtime in
                #expect(pthread_equal(pthread_self(), runtimeThread) != 0)
                runtime.evaluate("count = (count or 0) + 1")
            }
        }
        #expect(owner.sync { $0.evaluate("return count").results } == [.number(8)])
        // A call made on the runtime's thread (here from a trace observer) runs at once.
        let nested = owner.sync { runtime in
            var inner: [Double] = []
            let observation = runtime.observeTrace { _ in inner.append(owner.sync { $0.now }) }
            runtime.evaluate("window.rootViewController = ViewController{}; step()")
            observation.cancel()
            return inner.count
        }
        #expect(nested > 0)
        owner.stop()
    }

    @Test func aRuntimeThreadReportsAConfigurationItCannotMake() {
        #expect(throws: ConfigurationError("fps must be between 1 and 1000, got 5000")) { try RuntimeThread(configuration: .init(fps: 5000)) }
    }

    @Test func aHostWithItsOwnTransportSpeaksTheControlProtocolInProcess() throws {
        let control = RuntimeLoop(Runtime())
        var notifications: [String] = []
        control.controlNotificationHandler = { notifications.append($0) }
        #expect(control.answerControlLine(#"{"jsonrpc":"2.0","id":1,"method":"subscribe"}"#)
                == #"{"jsonrpc":"2.0","id":1,"result":{"next":0}}"#)
        #expect(control.answerControlLine(#"{"jsonrpc":"2.0","method":"eval","params":{"code":"window.rootViewController = ViewController{ name = 'r' }"}}"#) == nil)
        #expect(notifications.first?.hasPrefix(#"{"jsonrpc":"2.0","method":"trace","params":{"seq":0,"t":0.000000,"event":"loadView","vc":"r""#) == true)
        #expect(control.answerControlLine("not json")?.contains("-32700") == true)
    }
}
