import AsyncHTTPClient
import Foundation
import NIOCore
import WebimWire

extension HTTPClient {
    /// One GET of the account's service for a location, before any tab (and so any session) exists: `path` under
    /// `accountURL` with `query`, at most `limit` bytes of answer read within five seconds, decoded as the wire's JSON.
    func accountAnswer<Answer: Decodable>(
        _ accountURL: String,
        _ path: String,
        query: [(String, String)],
        limit: Int,
        as: Answer.Type
    ) async throws -> Answer {
        var components = URLComponents(string: accountURL + path)
        components?.queryItems = query.map { URLQueryItem(name: $0.0, value: $0.1) }
        guard let url = components?.string else { throw URLError(.badURL) }
        let response = try await execute(HTTPClientRequest(url: url), timeout: .seconds(5))
        let body = try await response.body.collect(upTo: limit)
        return try WireCoding.decode(Answer.self, fromJSON: Data(body.readableBytesView))
    }
}
