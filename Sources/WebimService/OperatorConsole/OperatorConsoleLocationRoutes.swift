import Hummingbird

/// Console API routes that act on a location or the account, not on one visitor.
struct OperatorConsoleLocationRoutes {
    let engine: ChatEngine

    func add(to router: Router<BasicRequestContext>) {
        let prefix = OperatorConsoleRoutes.prefix
        router.post("\(prefix)/locations/{location}/status") { request, context in
            let body = try await OperatorConsoleActionRoutes.decode(StatusBody.self, request, context)
            let location = context.parameters.get("location") ?? "default"
            return try await OperatorConsoleActionRoutes.run {
                try await engine.setOnlineStatus(location: location, status: body.onlineStatus)
                return nil
            }
        }
        router.post("\(prefix)/locations/{location}/departments/{key}/status") { request, context in
            let body = try await OperatorConsoleActionRoutes.decode(DepartmentStatusBody.self, request, context)
            let location = context.parameters.get("location") ?? "default"
            let key = context.parameters.get("key") ?? ""
            return try await OperatorConsoleActionRoutes.run {
                try await engine.setDepartmentStatus(location: location, key: key, online: body.online)
                return nil
            }
        }
        router.post("\(prefix)/auth-tokens") { request, context in
            let body = try await OperatorConsoleActionRoutes.decode(AuthTokenBody.self, request, context)
            return try await OperatorConsoleActionRoutes.run {
                try await engine.database.registerProvidedAuthToken(body.token, name: body.name)
                return nil
            }
        }
    }
}
