import Foundation
import TestSupport
import Testing
import WebimClientLibrary

/// Network faults between the core and the service, made by a real proxy or by stopping the service.
@Suite struct FaultTests {
    @Test func actionAnsweredWithBadGatewayIsRetriedAndDeliveredOnce() async throws {
        try await withTemporaryDirectory { directory in
            try await LiveStack.withService(dataDirectory: directory, holdTimeout: .seconds(1)) { service in
                let plan = FaultPlan()
                await plan.inject(.status(502), on: "/l/v/m/action", times: 2)
                try await FaultProxy.with(target: service, plan: plan) { proxy in
                    let harness = SessionHarness()
                    try await harness.start(accountURL: proxy, storage: directory.appendingPathComponent("visitor"))
                    let id = try await harness.send("Through a bad gateway")
                    let sent = await harness.listener.events.first {
                        $0 == .changed(id: id, text: "Through a bad gateway", status: .sent)
                    }
                    #expect(sent != nil)
                    #expect(await plan.servedCount == 2)
                    #expect(try await harness.lastMessages().filter { $0 == "Through a bad gateway" }.count == 1)
                    try await harness.destroy()
                }
            }
        }
    }

    @Test func hungActionTimesOutAndIsRetriedOnce() async throws {
        try await withTemporaryDirectory { directory in
            try await LiveStack.withService(dataDirectory: directory, holdTimeout: .seconds(1)) { service in
                let plan = FaultPlan()
                await plan.inject(.hang, on: "/l/v/m/action", times: 1)
                try await FaultProxy.with(target: service, plan: plan) { proxy in
                    let harness = SessionHarness()
                    try await harness.start(
                        accountURL: proxy,
                        storage: directory.appendingPathComponent("visitor"),
                        requestTimeout: .seconds(1)
                    )
                    let id = try await harness.send("After a hung request")
                    let noAnswer = await harness.listener.events.first { $0 == .notFatal(.noNetworkConnection) }
                    #expect(noAnswer != nil)
                    let sent = await harness.listener.events.first {
                        $0 == .changed(id: id, text: "After a hung request", status: .sent)
                    }
                    #expect(sent != nil)
                    #expect(try await harness.lastMessages().filter { $0 == "After a hung request" }.count == 1)
                    try await harness.destroy()
                }
            }
        }
    }

    @Test func serviceThatLostThePageMakesTheSessionInitAgainAndCarryOn() async throws {
        try await withTemporaryDirectory { directory in
            try await LiveStack.withService(dataDirectory: directory, holdTimeout: .seconds(1)) { first in
                // A second service with an empty database: the session's page is unknown there (`reinit-required`).
                let fresh = directory.appendingPathComponent("fresh")
                try await LiveStack.withService(dataDirectory: fresh, holdTimeout: .seconds(1)) { second in
                    let plan = FaultPlan()
                    try await FaultProxy.with(target: first, plan: plan) { proxy in
                        let harness = SessionHarness()
                        try await harness.start(accountURL: proxy, storage: directory.appendingPathComponent("visitor"))
                        let before = try await harness.send("Before the reset")
                        let sentBefore = await harness.listener.events.first {
                            $0 == .changed(id: before, text: "Before the reset", status: .sent)
                        }
                        #expect(sentBefore != nil)
                        #expect(await plan.requests(to: "/l/v/m/init") == 1)
                        await plan.retarget(to: second)
                        let after = try await harness.send("After the reset")
                        let sentAfter = await harness.listener.events.first {
                            $0 == .changed(id: after, text: "After the reset", status: .sent)
                        }
                        #expect(sentAfter != nil)
                        #expect(await plan.requests(to: "/l/v/m/init") == 2)
                        try await harness.destroy()
                    }
                }
            }
        }
    }
}
