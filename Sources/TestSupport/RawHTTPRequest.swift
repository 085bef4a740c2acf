import Foundation

/// A request written byte for byte on a new loopback connection (`withRawConnection`), for spellings that an HTTP client would tidy up
/// before sending (`//operator/api/chats`, `/a/./b`, `%2F`): the request target goes on the wire exactly as given.
public enum RawHTTPRequest {
    /// What came back: the status and the head's fields, and the body as far as it was read.
    public struct Answer: Sendable {
        public var status: Int
        public var head: String
        public var body: String

        /// The value of the first field called `name` (any case), if any.
        public func field(_ name: String) -> String? {
            for line in head.split(separator: "\r\n").dropFirst() {
                guard let colon = line.firstIndex(of: ":") else { continue }
                if line[..<colon].lowercased() == name.lowercased() {
                    return line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
                }
            }
            return nil
        }
    }

    /// A failure to connect, or an answer that did not come within the time given.
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// Sends `method target HTTP/1.1` with `Host` naming `baseURL`'s host and port, plus `headers`, and reads the
    /// answer's head and as much of its body as its `Content-Length` says (an event stream's head alone).
    public static func send(
        _ method: String,
        _ target: String,
        to baseURL: String,
        headers: [(String, String)] = [],
        timeout: Duration = .seconds(10)
    ) async throws -> Answer {
        guard let url = URL(string: baseURL), let host = url.host, let port = url.port else {
            throw Failure(description: "not a base URL with a host and port: \(baseURL)")
        }
        var request = "\(method) \(target) HTTP/1.1\r\nHost: \(host):\(port)\r\nConnection: close\r\n"
        for (name, value) in headers { request += "\(name): \(value)\r\n" }
        request += "\r\n"
        let received = try await withRawConnection(toPort: port, host: host, sending: request) { connection in
            let deadline = ContinuousClock.now + timeout
            var text = ""
            while !isComplete(Array(text.utf8)), ContinuousClock.now < deadline,
                let chunk = await connection.received(within: deadline - ContinuousClock.now)
            {
                text += chunk
            }
            return Array(text.utf8)
        }
        guard let answer = parse(received) else {
            throw Failure(description: "no answer to \(method) \(target) within \(timeout)")
        }
        return answer
    }

    private static let headEnd = Array("\r\n\r\n".utf8)

    /// Whether the head has arrived and, after it, the whole `Content-Length` (or the head is all there is to read).
    private static func isComplete(_ bytes: [UInt8]) -> Bool {
        guard let answer = parse(bytes) else { return false }
        guard let length = answer.field("Content-Length").flatMap(Int.init) else {
            return answer.field("Content-Type")?.hasPrefix("text/event-stream") == true
        }
        return answer.body.utf8.count >= length
    }

    private static func parse(_ bytes: [UInt8]) -> Answer? {
        guard let end = bytes.firstRange(of: headEnd) else { return nil }
        let head = String(decoding: bytes[..<end.lowerBound], as: UTF8.self)
        let statusLine = head.prefix { $0 != "\r" }.split(separator: " ")
        guard statusLine.count >= 2, let status = Int(statusLine[1]) else { return nil }
        return Answer(status: status, head: head, body: String(decoding: bytes[end.upperBound...], as: UTF8.self))
    }
}
