import WebimWire

extension ServiceDatabase {
    /// The visitor a request's `page-id` and `auth-token` name (PROTOCOL.md §1.2); nil when either is missing or
    /// they name no page.
    func authorizedVisitor(_ parameters: [String: String]) async throws -> VisitorRecord? {
        guard let pageID = parameters[WireParameter.pageID], let token = parameters[WireParameter.authToken] else {
            return nil
        }
        return try await visitor(pageID: pageID, authToken: token)
    }
}
