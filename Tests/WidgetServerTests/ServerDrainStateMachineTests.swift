import Testing

@testable import WidgetServer

/// The drain's rules, driven with no server: when it starts, what it waits for, and when it is over.
@Suite struct ServerDrainStateMachineTests {
    @Test func aServerServesUntilTheDrainStarts() {
        var machine = ServerDrain.StateMachine()
        machine.requestStarted()
        #expect(machine.requestFinished() == .none)
        #expect(machine.timeoutPassed() == .none)
        #expect(!machine.isDraining && !machine.isFinished)
    }

    @Test func withNothingInFlightTheDrainIsOverAtOnce() {
        var machine = ServerDrain.StateMachine()
        #expect(machine.start() == .finish)
        #expect(machine.isDraining && machine.isFinished)
        // Over is over: a second start and a late timeout do nothing.
        #expect(machine.start() == .none)
        #expect(machine.timeoutPassed() == .none)
    }

    @Test func theDrainWaitsForTheLastRequestInFlight() {
        var machine = ServerDrain.StateMachine()
        machine.requestStarted()
        machine.requestStarted()
        #expect(machine.start() == .dismissStreams)
        #expect(machine.isDraining && !machine.isFinished)
        // A request of an open tab arriving during the drain is waited for too.
        machine.requestStarted()
        #expect(machine.requestFinished() == .none)
        #expect(machine.requestFinished() == .none)
        #expect(!machine.isFinished && machine.requestsInFlight == 1)
        #expect(machine.requestFinished() == .finish)
        #expect(machine.isFinished && machine.requestsInFlight == 0)
        // Once over, requests come and go (the server answers until it stops) and change nothing.
        machine.requestStarted()
        #expect(machine.requestFinished() == .none)
        #expect(machine.isDraining && machine.isFinished)
    }

    @Test func theTimeoutEndsADrainThatARequestHolds() {
        var machine = ServerDrain.StateMachine()
        machine.requestStarted()
        #expect(machine.start() == .dismissStreams)
        #expect(machine.start() == .none)
        #expect(machine.timeoutPassed() == .finish)
        #expect(machine.isFinished && machine.requestsInFlight == 1)
        // The held request ending later finishes nothing twice.
        #expect(machine.requestFinished() == .none)
    }
}
