import Foundation
import NIOWebSocket
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HummingbirdWSClient
import Logging
import ScrimPreview
import Testing

@Suite("The live preview's server")
struct PreviewServerTests {
    private func get(_ port: Int) async throws -> (String, HTTPURLResponse) {
        let (data, response) = try await URLSession.shared.data(from: URL(string: "http://127.0.0.1:\(port)/")!)
        return (String(decoding: data, as: UTF8.self), response as! HTTPURLResponse)
    }

    @Test("serves the latest published page at /, as HTML that is never cached")
    func servesLatestPage() async throws {
        let server = PreviewServer()
        let port = try await server.start()
        defer { server.stop() }
        #expect(port > 0)
        let (placeholder, _) = try await get(port)
        #expect(placeholder.contains("Rendering…"))
        await server.publish("<p>frame one</p>")
        let (page, response) = try await get(port)
        #expect(page == "<p>frame one</p>")
        #expect(response.value(forHTTPHeaderField: "Content-Type") == "text/html; charset=utf-8")
        #expect(response.value(forHTTPHeaderField: "Cache-Control") == "no-store")
    }

    @Test("listens on 127.0.0.1 only")
    func loopbackOnly() async throws {
        let server = PreviewServer()
        let port = try await server.start()
        defer { server.stop() }
        // /proc/net/tcp lists listening sockets (state 0A) as little-endian hex address:port.
        let table = try String(contentsOfFile: "/proc/net/tcp", encoding: .utf8)
        let listening = table.split(separator: "\n").dropFirst().compactMap { line -> String? in
            let fields = line.split(separator: " ")
            guard fields.count > 3, fields[3] == "0A" else { return nil }
            return String(fields[1])
        }
        let portHex = String(format: "%04X", port)
        #expect(listening.filter { $0.hasSuffix(":" + portHex) } == ["0100007F:" + portHex])
    }

    @Test("a port already taken is an error, not a hang")
    func portTaken() async throws {
        let first = PreviewServer()
        let port = try await first.start()
        defer { first.stop() }
        await #expect(throws: (any Error).self) { try await PreviewServer(port: port).start() }
    }

    @Test("tells each open page to reload when a new page is published")
    func tellsPagesToReload() async throws {
        let server = PreviewServer()
        let port = try await server.start()
        defer { server.stop() }
        let received = try await withThrowingTaskGroup(of: String?.self) { group in
            group.addTask {
                let message = Received()
                try await WebSocketClient.connect(url: "ws://127.0.0.1:\(port)/live", logger: Logger(label: "test")) { inbound, outbound, _ in
                    for try await frame in inbound.messages(maxSize: 1 << 16) {
                        if case .text(let text) = frame { message.text = text }
                        try await outbound.close(.normalClosure, reason: nil)
                        break
                    }
                }
                return message.text
            }
            group.addTask {
                // Publishes once the page's socket is connected (within a generous minute).
                let deadline = Date().addingTimeInterval(60)
                while Date() < deadline, await server.connectedPages == 0 {
                    try await Task.sleep(for: .milliseconds(10))
                }
                await server.publish("<p>two</p>")
                return nil
            }
            var result: String?
            for try await value in group { if let value { result = value } }
            return result
        }
        #expect(received == "reload")
    }
}

/// What the socket received, read after the connection closed.
private final class Received: @unchecked Sendable {
    var text: String?
}
