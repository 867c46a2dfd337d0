import Foundation
import LuaBridge
import ScrimControl
import ScrimCore
import ScrimLua
import Testing

/// A runtime on its own thread, listening on a socket in a private folder.
private final class ListeningRuntime {
    let folder = TemporaryFolder()
    let owner: RuntimeThread
    let path: String
    let server: ControlServer

    init(pluginPaths: [String] = [], limits: LuaLimits = .standard, busyAfter: Double = 0.1, evictIdleAfter: Double = 30) throws {
        owner = try RuntimeThread(configuration: .init(pluginPaths: pluginPaths, limits: limits))
        path = folder.path + "/control.sock"
        server = try owner.listen(path: path, maximumMessageBytes: 1 << 16, busyAfter: busyAfter, evictIdleAfter: evictIdleAfter)
    }

    /// Sends, on `connection`, an eval that never ends by itself (`then` after it has started),
    /// and waits until it runs.
    func startEndlessEval(on connection: RawConnection, then endless: String = "while true do end") {
        let started = folder.path + "/started"
        connection.send(#"{"jsonrpc":"2.0","id":1,"method":"eval","params":{"code":"io.open('\#(started)', 'w'):close() \#(endless)"}}"# + "\n")
        let deadline = Date().addingTimeInterval(20)
        while !FileManager.default.fileExists(atPath: started), Date() < deadline { usleep(1000) }
        #expect(FileManager.default.fileExists(atPath: started))
    }

    /// Has a new client ask for the global `count`, waits until `waiting` requests (its own
    /// among them) wait behind the endless evaluation, cancels that, and returns the answer.
    func countSeenByNewcomer(onceWaiting waiting: Int) -> String? {
        let newcomer = RawConnection(path: path)
        newcomer.send(#"{"jsonrpc":"2.0","id":3,"method":"eval","params":{"code":"return count"}}"# + "\n")
        let deadline = Date().addingTimeInterval(20)
        while server.waitingRequests < waiting, Date() < deadline { usleep(1000) }
        #expect(server.waitingRequests == waiting)
        RawConnection(path: path).send(#"{"jsonrpc":"2.0","method":"cancel"}"# + "\n")
        return newcomer.line()
    }

    func client() throws -> ControlClient { try ControlClient(path: path) }

    deinit { owner.stop() }
}

/// A raw connection, to send what a well-behaved client would not. One thread may send while
/// another reads.
final class RawConnection: @unchecked Sendable {
    let descriptor: Int32
    private var input: [UInt8] = []

    init(path: String) {
        descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: Array(path.utf8)) }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        #expect(connected == 0)
    }

    deinit { close(descriptor) }

    func send(_ text: String) { send(Array(text.utf8)) }

    func send(_ bytes: [UInt8]) {
        var sent = 0
        while sent < bytes.count {
            let count = bytes.withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress! + sent, $0.count - sent, Int32(MSG_NOSIGNAL)) }
            guard count > 0 else { return }
            sent += count
        }
    }

    /// The next line the runtime sends (waits up to 20 s); nil when the connection closed.
    func line() -> String? {
        let deadline = Date().addingTimeInterval(20)
        var buffer = [UInt8](repeating: 0, count: 4096)
        while Date() < deadline {
            if let newline = input.firstIndex(of: UInt8(ascii: "\n")) {
                defer { input.removeSubrange(...newline) }
                return String(decoding: input[..<newline], as: UTF8.self)
            }
            var descriptor = pollfd(fd: self.descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, 200) > 0 else { continue }
            let count = recv(self.descriptor, &buffer, buffer.count, 0)
            if count <= 0 { return nil }
            input.append(contentsOf: buffer[0..<count])
        }
        Issue.record("no line from the runtime in 20 s")
        return nil
    }
}

@Suite struct ControlServerTests {
    @Test func methodsAnswerOverTheSocket() throws {
        let server = try ListeningRuntime(pluginPaths: [PluginManager.shippedPluginsDirectory!])
        let client = try server.client()
        #expect(try client.call("eval", ["code": .string("print('hi') return 6 * 7")]).json
                == "{\"descriptions\":[\"42\"],\"output\":\"hi\\n\",\"results\":[42]}")
        #expect(try client.call("loadPlugin", ["name": .string("half-sheet")]).json.contains("\"name\":\"half-sheet\""))
        #expect(try client.call("plugins").json.hasPrefix("[{\"name\":\"half-sheet\""))
        #expect(try client.call("reload").json == "{\"reloaded\":[\"half-sheet\"]}")
        _ = try client.call("eval", ["code": .string("window.rootViewController = ViewController{ name = 'root' }")])
        #expect(try client.call("tick", ["frames": .number(3)]).json == "{\"t\":0.05}")
        #expect(try client.call("advance", ["seconds": .number(0.5)]).json == "{\"t\":0.55}")
        let trace = try client.call("trace", ["since": .number(2)])
        guard case .object(let fields) = trace, case .array(let events)? = fields["events"] else {
            Issue.record("unexpected \(trace.json)")
            return
        }
        #expect(events.first?.json.contains("\"seq\":2") == true)
        let count = try server.owner.sync { $0.application.dispatcher.nextSeq }
        #expect(fields["next"] == .number(Double(count)))
        #expect(events.count == count - 2)
        #expect(try client.call("tree").json.contains("\"name\":\"root\""))
    }

    @Test func errorsAreAnsweredWithJSONRPCCodes() throws {
        let server = try ListeningRuntime()
        let client = try server.client()
        func failure(_ method: String, _ params: [String: JSONValue] = [:]) -> ControlClient.Failure? {
            do {
                _ = try client.call(method, params)
                return nil
            } catch {
                return error
            }
        }
        let lua = failure("eval", ["code": .string("print('partial') error('boom')")])
        #expect(lua?.code == 1)
        #expect(lua?.message == "eval:1: boom")
        #expect(lua?.data?.json.contains("\"output\":\"partial\\n\"") == true)
        #expect(failure("nope")?.message == "Method not found: 'nope'")
        #expect(failure("nope")?.code == -32601)
        #expect(failure("eval")?.message == "Invalid params: 'code' is required (a string)")
        #expect(failure("tick", ["frames": .number(-1)])?.message == "Invalid params: 'frames' must be a whole number >= 0")
        #expect(failure("loadPlugin", ["name": .string("missing")])?.code == 1)
        #expect(failure("reload", ["name": .string("missing")])?.message == "no plugin named 'missing' is loaded (none is loaded)")
    }

    @Test func malformedLinesAreAnsweredAndTheConnectionGoesOn() throws {
        let server = try ListeningRuntime()
        let raw = RawConnection(path: server.path)
        raw.send("garbage\n")
        #expect(raw.line() == #"{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"Parse error: line 1, column 1: unexpected character 'g', a value expected"}}"#)
        raw.send("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"eval\",\"params\":{\"code\":\"1\"}\n")
        #expect(raw.line()?.hasPrefix(#"{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"Parse error: line 1, column "#) == true)
        raw.send("{\"id\":7,\"method\":\"tick\"}\n")
        #expect(raw.line() == #"{"jsonrpc":"2.0","id":7,"error":{"code":-32600,"message":"Invalid Request: 'jsonrpc' must be \"2.0\""}}"#)
        raw.send("{\"jsonrpc\":\"2.0\",\"id\":8,\"method\":\"tick\",\"params\":[1]}\n")
        #expect(raw.line()?.contains("'params' must be an object") == true)
        raw.send("[]\n")
        #expect(raw.line() == #"{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"Invalid Request: an empty batch"}}"#)
        raw.send([0xff, 0xfe, UInt8(ascii: "\n")])
        #expect(raw.line() == #"{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"Parse error: the line is not UTF-8"}}"#)
        // A notification gets no answer; a batch gets one line; blank lines are skipped.
        raw.send("{\"jsonrpc\":\"2.0\",\"method\":\"tick\"}\n\n  \r\n")
        raw.send("[{\"jsonrpc\":\"2.0\",\"id\":\"a\",\"method\":\"tick\"},{\"jsonrpc\":\"2.0\",\"method\":\"tick\"},3]\n")
        #expect(raw.line() == #"[{"jsonrpc":"2.0","id":"a","result":{"t":0.033333}},{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"Invalid Request: a request must be an object"}}]"#)
        raw.send("{\"jsonrpc\":\"2.0\",\"id\":9,\"method\":\"tick\"}\r\n")
        #expect(raw.line() == #"{"jsonrpc":"2.0","id":9,"result":{"t":0.066667}}"#)
    }

    @Test func aTenMegabyteLineIsRefusedAndTheNextOneAnswered() throws {
        let server = try ListeningRuntime()
        let raw = RawConnection(path: server.path)
        let long = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"eval\",\"params\":{\"code\":\"" + String(repeating: "x", count: 10 << 20) + "\"}}\n"
        let writer = Thread { raw.send(long + "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tick\"}\n") }
        writer.start()
        #expect(raw.line() == #"{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"Invalid Request: a message longer than 65536 bytes"}}"#)
        #expect(raw.line() == #"{"jsonrpc":"2.0","id":2,"result":{"t":0.016667}}"#)
        // The runtime never held the long line.
        #expect(try server.owner.sync { $0.lua.memoryUsed } < 8 << 20)
    }

    @Test func twoClientsAtOnceAndOneThatLeavesMidMessage() throws {
        let server = try ListeningRuntime()
        let first = try server.client()
        let second = try server.client()
        _ = try first.call("eval", ["code": .string("shared = 1")])
        #expect(try second.call("eval", ["code": .string("shared + 1")]).json.contains("\"results\":[2]"))
        do {
            let leaving = RawConnection(path: server.path)
            leaving.send("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"eval\",\"params\":{\"code\":\"shared = 99")
        }
        // Each client is used by one thread only.
        nonisolated(unsafe) let clients = [first, second]
        DispatchQueue.concurrentPerform(iterations: 2) { index in
            let client = clients[index]
            for _ in 0..<20 { _ = try? client.call("eval", ["code": .string("shared = shared + 1")]) }
        }
        #expect(try first.call("eval", ["code": .string("shared")]).json.contains("\"results\":[41]"))
        #expect(try server.owner.sync { _ in true })
    }

    @Test func subscribersReceiveTraceNotifications() throws {
        let server = try ListeningRuntime()
        let subscriber = try server.client()
        var received: [String] = []
        subscriber.onNotification = { method, params in
            if method == "trace", case .object(let event) = params, case .string(let name)? = event["event"] { received.append(name) }
        }
        #expect(try subscriber.call("subscribe").json == "{\"next\":0}")
        let other = try server.client()
        _ = try other.call("eval", ["code": .string("window.rootViewController = ViewController{ name = 'a' }; step()")])
        _ = try subscriber.call("tick")
        #expect(received.prefix(4) == ["loadView", "viewDidLoad", "viewWillAppear", "viewIsAppearing"])
        let count = received.count
        _ = try subscriber.call("unsubscribe")
        _ = try other.call("eval", ["code": .string("window.rootViewController:didReceiveMemoryWarning()")])
        _ = try subscriber.call("tick")
        #expect(received.count == count)
    }

    @Test func eachClientHasItsOwnReplSession() throws {
        let server = try ListeningRuntime()
        let first = try server.client()
        let second = try server.client()
        #expect(try first.call("repl", ["line": .string("x = {")]).json == "{\"output\":\"\",\"prompt\":\">> \",\"quit\":false}")
        #expect(try second.call("repl", ["line": .string("1 + 1")]).json == "{\"output\":\"2\\n\",\"prompt\":\"> \",\"quit\":false}")
        #expect(try first.call("repl", ["line": .string("1 }")]).json == "{\"output\":\"\",\"prompt\":\"> \",\"quit\":false}")
        #expect(try first.call("repl", ["line": .string("x[1]")]).json.contains("\"output\":\"1\\n\""))
        #expect(try first.call("repl", ["line": .string(":trace 1")]).json.contains("\"output\":\"\""))
        #expect(try second.call("complete", ["text": .string("window.roo")]).json == "{\"names\":[\"rootViewController\"],\"replacing\":3}")
        #expect(try second.call("repl", ["line": .string(":quit")]).json.contains("\"quit\":true"))
    }

    @Test func theSocketIsPrivateAndGoesWithTheServer() throws {
        let server = try ListeningRuntime()
        var status = stat()
        #expect(lstat(server.path, &status) == 0)
        #expect(status.st_mode & 0o777 == 0o600)
        #expect(status.st_mode & S_IFMT == S_IFSOCK)
        #expect(throws: ControlSocketError.self) { try server.owner.listen(path: server.path) }
        server.owner.stop()
        #expect(access(server.path, F_OK) != 0)
    }

    @Test func aSocketIsRefusedWhereOthersCouldReachIt() throws {
        let folder = TemporaryFolder()
        let loop = RuntimeLoop(try Runtime(configuration: .init()))
        let shared = folder.path + "/shared"
        mkdir(shared, 0o777)
        chmod(shared, 0o777)
        #expect(throws: ControlSocketError.self) { try loop.listen(path: shared + "/s.sock") }
        do {
            try loop.listen(path: shared + "/s.sock")
        } catch {
            #expect(error.description == "\(shared)/s.sock: others may write in the folder \(shared); use a folder only you can write (like $XDG_RUNTIME_DIR or ~/.scrim)")
        }
        let file = folder.write("plain", "not a socket")
        #expect(throws: ControlSocketError.self) { try loop.listen(path: file) }
        #expect(FileManager.default.fileExists(atPath: file))
        // A missing folder is made, private.
        let made = folder.path + "/made/s.sock"
        let server = try loop.listen(path: made)
        var status = stat()
        #expect(stat(folder.path + "/made", &status) == 0 && status.st_mode & 0o777 == 0o700)
        server.stop()
        // A socket left by a runtime that is gone is replaced.
        let stale = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: Array(made.utf8)) }
        _ = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(stale, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) } }
        close(stale)
        #expect(throws: Never.self) { try loop.listen(path: made).stop() }
        let long = folder.path + "/" + String(repeating: "n", count: 120)
        #expect(throws: ControlSocketError.self) { try loop.listen(path: long) }
    }

    @Test func anotherUsersProcessCannotConnect() throws {
        guard getuid() == 0 else {
            print("skipped: making a process of another user needs root; this test runs as uid \(getuid())")
            return
        }
        let server = try ListeningRuntime()
        chmod(server.folder.path, 0o755)  // even with the folder open, the socket itself is 0600
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", """
            import os, socket, sys
            os.setgroups([]); os.setgid(65534); os.setuid(65534)
            s = socket.socket(socket.AF_UNIX)
            try:
                s.connect(sys.argv[1])
                print("connected")
            except PermissionError:
                print("refused")
            """, server.path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        process.waitUntilExit()
        #expect(String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self) == "refused\n")
        #expect(try server.client().call("tick").json.hasPrefix("{\"t\":"))
    }

    @Test func whileOneRequestRunsOthersAreToldAtOnceAndCanCancelIt() throws {
        let server = try ListeningRuntime(limits: .none, busyAfter: 0)
        let runner = RawConnection(path: server.path)
        server.startEndlessEval(on: runner)
        let other = RawConnection(path: server.path)
        other.send(#"{"jsonrpc":"2.0","id":7,"method":"plugins"}"# + "\n")
        #expect(other.line()?.hasPrefix(#"{"jsonrpc":"2.0","id":7,"error":{"code":4,"message":"busy: the runtime has been running a request for "#) == true)
        other.send(#"{"jsonrpc":"2.0","id":8,"method":"cancel"}"# + "\n")
        #expect(other.line() == #"{"jsonrpc":"2.0","id":8,"result":{"cancelled":true}}"#)
        #expect(runner.line()?.hasPrefix(#"{"jsonrpc":"2.0","id":1,"error":{"code":1,"message":"eval:1: interrupted!""#) == true)
        other.send(#"{"jsonrpc":"2.0","id":9,"method":"eval","params":{"code":"return 1 + 1"}}"# + "\n")
        #expect(other.line()?.contains(#""results":[2]"#) == true)
    }

    @Test func aClientThatSendsWithoutReadingIsRefusedThenDropped() throws {
        let server = try ListeningRuntime(limits: .none, busyAfter: 60)
        let runner = RawConnection(path: server.path)
        server.startEndlessEval(on: runner)
        let flood = RawConnection(path: server.path)
        let line = #"{"jsonrpc":"2.0","id":2,"method":"tick"}"# + "\n"
        flood.send(String(repeating: line, count: 1000))
        var answers: [String] = []
        while let answer = flood.line() { answers.append(answer) }
        #expect(!answers.isEmpty)
        #expect(answers.allSatisfy { $0.contains("requests of this client wait for the runtime already") })
        let helper = RawConnection(path: server.path)
        helper.send(#"{"jsonrpc":"2.0","method":"cancel"}"# + "\n")
        #expect(runner.line()?.contains("interrupted!") == true)
        helper.send(#"{"jsonrpc":"2.0","id":3,"method":"eval","params":{"code":"return 'alive'"}}"# + "\n")
        #expect(helper.line()?.contains(#""results":["alive"]"#) == true)
    }

    @Test func framesRunForAClientStopOnCancel() throws {
        let server = try ListeningRuntime(limits: .none, busyAfter: 0)
        let runner = RawConnection(path: server.path)
        server.startEndlessEval(on: runner, then: "for i = 1, 1000 do run(3600) end")
        let other = RawConnection(path: server.path)
        other.send(#"{"jsonrpc":"2.0","method":"cancel"}"# + "\n")
        #expect(runner.line()?.contains("interrupted!") == true)
    }


    /// Connections that a client leaks must not lock everyone out: with every place taken, a
    /// new client takes the place of the one idle longest, once it has idled long enough.
    @Test func aNewClientTakesThePlaceOfTheOneIdleLongest() throws {
        let patient = try ListeningRuntime(evictIdleAfter: 3600)
        let held = (0..<ControlServer.maximumClients).map { _ in RawConnection(path: patient.path) }
        #expect(RawConnection(path: patient.path).line() == #"{"jsonrpc":"2.0","id":null,"error":{"code":2,"message":"connection refused: 64 clients are connected already"}}"#)
        #expect(held.count == 64)

        let server = try ListeningRuntime(evictIdleAfter: 0)
        let first = RawConnection(path: server.path)
        let others = (1..<ControlServer.maximumClients).map { _ in RawConnection(path: server.path) }
        for other in others {
            other.send(#"{"jsonrpc":"2.0","id":1,"method":"tick"}"# + "\n")
            _ = other.line()
        }
        let newcomer = RawConnection(path: server.path)
        #expect(first.line() == #"{"jsonrpc":"2.0","id":null,"error":{"code":2,"message":"dropped: 64 clients are connected, and this one was idle longest"}}"#)
        #expect(first.line() == nil)
        newcomer.send(#"{"jsonrpc":"2.0","id":2,"method":"eval","params":{"code":"return 'in'"}}"# + "\n")
        #expect(newcomer.line()?.contains(#""results":["in"]"#) == true)
    }

    /// Bounds that would turn a guard off (NaN never evicts, a negative time always does) are
    /// refused before anything listens.
    @Test func listenRefusesBoundsThatAreNotNumbersOfSeconds() throws {
        let folder = TemporaryFolder()
        let loop = RuntimeLoop(try Runtime())
        let path = folder.path + "/control.sock"
        func refusal(_ listen: () throws(ControlSocketError) -> ControlServer) -> String? {
            do { _ = try listen(); return nil } catch { return error.description }
        }
        #expect(refusal { () throws(ControlSocketError) in try loop.listen(path: path, evictIdleAfter: .nan) }
            == "\(path): evictIdleAfter must be a finite number of seconds, not negative; got nan")
        #expect(refusal { () throws(ControlSocketError) in try loop.listen(path: path, busyAfter: -1) }
            == "\(path): busyAfter must be a finite number of seconds, not negative; got -1.0")
        #expect(refusal { () throws(ControlSocketError) in try loop.listen(path: path, busyAfter: .infinity) }
            == "\(path): busyAfter must be a finite number of seconds, not negative; got inf")
        #expect(refusal { () throws(ControlSocketError) in try loop.listen(path: path, maximumMessageBytes: 0) }
            == "\(path): maximumMessageBytes must be positive, not 0")
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    /// What a client sent is not answered once it has gone: four clients that sent 256 slow
    /// requests each and closed held the runtime for 29 s before another was answered.
    @Test func theRequestsOfAClientThatHasGoneAreSkipped() throws {
        let server = try ListeningRuntime(limits: .none)
        let sender = RawConnection(path: server.path)
        server.startEndlessEval(on: sender)
        for _ in 0..<100 { sender.send(#"{"jsonrpc":"2.0","id":2,"method":"eval","params":{"code":"count = (count or 0) + 1"}}"# + "\n") }
        shutdown(sender.descriptor, Int32(SHUT_RDWR))
        let deadline = Date().addingTimeInterval(20)
        while server.server.clientCount > 0, Date() < deadline { usleep(1000) }
        #expect(server.server.clientCount == 0)
        let other = RawConnection(path: server.path)
        other.send(#"{"jsonrpc":"2.0","method":"cancel"}"# + "\n")
        other.send(#"{"jsonrpc":"2.0","id":3,"method":"eval","params":{"code":"return count"}}"# + "\n")
        #expect(other.line() == #"{"jsonrpc":"2.0","id":3,"result":{"descriptions":["nil"],"output":"","results":[null]}}"#)
    }

    /// Clients with requests waiting take turns: four clients that queued 100 requests each
    /// held a new one's answer for 35 s.
    @Test func clientsWithRequestsWaitingTakeTurns() throws {
        // Patient: on a slow machine the requests arrive after the endless one has run 0.1 s,
        // and would be told it is busy instead of waiting their turn.
        let server = try ListeningRuntime(limits: .none, busyAfter: 60)
        let first = RawConnection(path: server.path)
        server.startEndlessEval(on: first)
        let second = RawConnection(path: server.path)
        for connection in [first, second] {
            for _ in 0..<50 { connection.send(#"{"jsonrpc":"2.0","id":2,"method":"eval","params":{"code":"count = (count or 0) + 1"}}"# + "\n") }
        }
        #expect(server.countSeenByNewcomer(onceWaiting: 101) == #"{"jsonrpc":"2.0","id":3,"result":{"descriptions":["2"],"output":"","results":[2]}}"#)
    }

    /// A batch's requests take turns with other clients' too: one line of 1,000 short
    /// evaluations held every other client for 79 s.
    @Test func aBatchTakesTurnsRequestByRequest() throws {
        let server = try ListeningRuntime(limits: .none, busyAfter: 60)
        let first = RawConnection(path: server.path)
        server.startEndlessEval(on: first)
        let request = #"{"jsonrpc":"2.0","id":2,"method":"eval","params":{"code":"count = (count or 0) + 1"}}"#
        first.send("[" + Array(repeating: request, count: 50).joined(separator: ",") + "]\n")
        #expect(server.countSeenByNewcomer(onceWaiting: 2) == #"{"jsonrpc":"2.0","id":3,"result":{"descriptions":["1"],"output":"","results":[1]}}"#)
        _ = first.line()
        let batch = try #require(first.line())
        #expect(batch.hasPrefix("[{") && batch.components(separatedBy: #""results":[]"#).count == 51)
    }

    @Test func aCancelStopsTheRestOfABatch() throws {
        let server = try ListeningRuntime(limits: .none, busyAfter: 0)
        let runner = RawConnection(path: server.path)
        let started = server.folder.path + "/started"
        runner.send(#"[{"jsonrpc":"2.0","id":1,"method":"eval","params":{"code":"io.open('\#(started)', 'w'):close() while true do end"}},"#
            + #"{"jsonrpc":"2.0","id":2,"method":"eval","params":{"code":"while true do end"}},"#
            + #"{"jsonrpc":"2.0","method":"tick"},{"jsonrpc":"2.0","id":3,"method":"tick"}]"# + "\n")
        let deadline = Date().addingTimeInterval(20)
        while !FileManager.default.fileExists(atPath: started), Date() < deadline { usleep(1000) }
        RawConnection(path: server.path).send(#"{"jsonrpc":"2.0","method":"cancel"}"# + "\n")
        let answer = try #require(runner.line())
        let cancelled = #"{"code":3,"message":"cancelled: a cancel came before this request of the batch ran"}"#
        #expect(answer.hasPrefix(#"[{"jsonrpc":"2.0","id":1,"error":{"code":1,"message":"eval:1: interrupted!""#))
        #expect(answer.hasSuffix(#"{"jsonrpc":"2.0","id":2,"error":\#(cancelled)},{"jsonrpc":"2.0","id":3,"error":\#(cancelled)}]"#))
    }

    /// An answer is kept whole until the client reads it: one past 16 MB is refused, and the
    /// trace comes in pages of 8 MB.
    @Test func answersAreBoundedAndTheTraceComesInPages() throws {
        let runtime = try Runtime(configuration: .init(limits: .none))
        runtime.errorOutput = { _ in }
        let control = RuntimeLoop(runtime)
        let tooLarge = control.answerControlLine(#"{"jsonrpc":"2.0","id":1,"method":"eval","params":{"code":"return string.rep('\\1', 10 << 20)"}}"#)
        #expect(tooLarge == #"{"jsonrpc":"2.0","id":1,"error":{"code":5,"message":"too large: the answer is 60.0 MB, more than the 16 MB a client is sent at once"}}"#)
        try runtime.eval("""
            local message = string.rep("m", 16000)
            local vc = ViewController{ name = "vc", viewWillLayoutSubviews = function() error(message, 0) end }
            window.rootViewController = vc
            for i = 1, 600 do vc.view:setNeedsLayout() vc.view:layoutIfNeeded() end
            """)
        let total = runtime.application.dispatcher.nextSeq
        var since = 0, pages = 0, events = 0
        while pages < 10 {
            let answer = try #require(control.answerControlLine(#"{"jsonrpc":"2.0","id":2,"method":"trace","params":{"since":\#(since)}}"#))
            guard case .object(let fields) = try JSONValue(parsing: answer), case .object(let result)? = fields["result"],
                  case .array(let page)? = result["events"], case .number(let next)? = result["next"] else { break }
            #expect(answer.utf8.count < (8 << 20) + 100_000)
            pages += 1
            events += page.count
            since = Int(next)
            if result["more"] == nil { break }
        }
        #expect(pages == 2 && events == total && since == total)
    }

    @Test func aClientGoneMidAnswerCostsNothing() throws {
        let server = try ListeningRuntime()
        do {
            let leaving = RawConnection(path: server.path)
            leaving.send(#"{"jsonrpc":"2.0","id":1,"method":"eval","params":{"code":"return string.rep('x', 4000000)"}}"# + "\n")
            var buffer = [UInt8](repeating: 0, count: 100)
            _ = recv(leaving.descriptor, &buffer, buffer.count, 0)
        }
        let other = try server.client()
        #expect(try other.call("eval", ["code": .string("return 'alive'")]).json.contains("alive"))
    }

    @Test func anUnfinishedReplChunkIsBounded() throws {
        let server = try ListeningRuntime()
        let client = try server.client()
        _ = try client.call("repl", ["line": .string("x = [[")])
        let line = String(repeating: "y", count: 60_000)
        var answers: [String] = []
        for _ in 0..<71 { answers.append(try client.call("repl", ["line": .string(line)]).json) }
        #expect(answers.filter { $0.contains("an unfinished chunk longer than 4 MB is dropped") }.count == 1)
        #expect(try client.call("repl", ["line": .string("return 1 + 1")]).json.contains("2"))
    }
}
