import HTTPAPI
import ServiceLifecycle
import Testing

@testable import WebimService
@testable import WidgetServer

/// The service group names every service of ours without describing it: describing one walks all it holds by
/// reflection (the router, the scenario library), which took most of the server's start-up.
struct ServiceNamesTests {
    @Test func everyServiceOfBothServersIsNamedByItsType() {
        let services: [any Service.Type] = [
            TabReaper.self, TabShutdown.self, KeptOutboxDrainer.self, DownloadClient.self, DrainService.self,
            WidgetApplication.self, ScenarioRunner.self, LogCheckpointService.self, IdleVisitorPruner.self,
        ]
        let unnamed = services.filter { !($0 is any TypeNamedService.Type) }.map { String(describing: $0) }
        #expect(unnamed == [])
    }

    @Test func aNamedServiceIsNamedWithoutDescribingWhatItHolds() {
        let holding = Holding(items: Array(repeating: "an item", count: 1000))
        let named = ServiceGroupConfiguration.ServiceConfiguration(service: NamedService("holding", holding))
        #expect(named.serviceName == "holding")
        // What ServiceLifecycle would write for the same service unnamed: all it holds.
        let described = ServiceGroupConfiguration.ServiceConfiguration(service: holding)
        #expect(described.serviceName.count > 8000)
        let typeNamed = ServiceGroupConfiguration.ServiceConfiguration(service: TypeNamedHolding(holding: holding))
        #expect(typeNamed.serviceName == "TypeNamedHolding")
    }
}

private struct Holding: Service {
    let items: [String]
    func run() async throws {}
}

private struct TypeNamedHolding: TypeNamedService {
    let holding: Holding
    func run() async throws {}
}
