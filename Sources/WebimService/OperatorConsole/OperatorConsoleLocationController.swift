import HTTPAPI
import Hummingbird
import WebimWire

/// Console API routes that read or act on a location or the account, not on one visitor.
struct OperatorConsoleLocationController {
    let engine: ChatEngine

    /// The routes, below `/operator/api`.
    var endpoints: RouteCollection<ServiceRequestContext> {
        let router = RouteCollection(context: ServiceRequestContext.self)
        router.get("locations") { _, _ in
            var locations: [ConsoleLocation] = []
            for definition in engine.library.allLocations.sorted(by: { $0.name < $1.name }) {
                locations.append(
                    ConsoleLocation(
                        name: definition.name,
                        onlineStatus: try await engine.database.onlineStatus(location: definition.name),
                        departments: try await engine.database.departments(location: definition.name)
                    )
                )
            }
            return try JSONResponse.make(locations)
        }
        router.post("locations/{location}/status") { request, context in
            let body = try await request.decode(as: StatusBody.self, context: context)
            let location = context.parameters.get("location") ?? "default"
            // Only a location a scenario defines has a status: any other name would leave a row behind.
            guard engine.library.defines(location: location) else {
                throw OperatorActionError.notFound("location")
            }
            return try await OperatorConsoleActionController.run {
                try await engine.locations.setOnlineStatus(location: location, status: body.onlineStatus)
                return nil
            }
        }
        router.post("locations/{location}/departments/{key}/status") { request, context in
            let body = try await request.decode(as: DepartmentStatusBody.self, context: context)
            let location = context.parameters.get("location") ?? "default"
            let key = context.parameters.get("key") ?? ""
            return try await OperatorConsoleActionController.run {
                try await engine.locations.setDepartmentStatus(location: location, key: key, online: body.online)
                return nil
            }
        }
        router.post("auth-tokens") { request, context in
            let body = try await request.decode(as: AuthTokenBody.self, context: context)
            return try await OperatorConsoleActionController.run {
                try await engine.database.registerProvidedAuthToken(body.token, name: body.name)
                return nil
            }
        }
        return router
    }
}

/// A location as the console shows it: its online status and departments (for transfers).
struct ConsoleLocation: Encodable {
    var name: String
    var onlineStatus: String
    var departments: [DepartmentItem]
}
