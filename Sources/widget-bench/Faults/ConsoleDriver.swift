import Foundation
import NIOHTTP1

/// The operator, and the reading of the service's store, through the operator console API only.
struct ConsoleDriver: Sendable {
    let serviceURL: String
    let token: String
    let http: BenchHTTP

    private var authorization: [(String, String)] { [("Authorization", "Bearer \(token)")] }

    /// Every visitor's current chat, as `GET /operator/api/chats` lists them (all of them: its default is 200).
    func chats() async throws -> [[String: Any]] {
        let (status, data) = try await http.send(
            .GET,
            serviceURL + "/operator/api/chats?limit=100000",
            headers: authorization
        )
        guard status == 200, let list = try JSONSerialization.jsonObject(with: data) as? [[String: Any]] else {
            throw BenchError("GET /operator/api/chats: HTTP \(status)")
        }
        return list
    }

    /// The texts of every visitor's current chat, in order, by visitor id.
    func storedTexts() async throws -> [String: [String]] {
        var texts: [String: [String]] = [:]
        for chat in try await chats() {
            guard let visitor = chat["visitorId"] as? String else { continue }
            let messages = (chat["chat"] as? [String: Any])?["messages"] as? [[String: Any]] ?? []
            texts[visitor] = messages.compactMap { $0["text"] as? String }
        }
        return texts
    }

    /// `POST /operator/api/visitors/{visitor}/{action}`; true when answered 2xx.
    func post(visitor: String, _ action: String, _ body: [String: Any] = [:]) async -> Bool {
        let url = serviceURL + "/operator/api/visitors/\(visitor)/\(action)"
        guard let (status, _) = try? await http.send(.POST, url, json: body, headers: authorization) else {
            return false
        }
        return (200..<300).contains(status)
    }

    /// The console token the service keeps in its data folder (written at its first start).
    static func token(serviceDataDirectory: URL) throws -> String {
        let file = serviceDataDirectory.appendingPathComponent("service/console-token")
        return try String(contentsOf: file, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
