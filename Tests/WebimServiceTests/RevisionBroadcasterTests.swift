import Testing

@testable import WebimService

/// A poll woken for the revision right after its own gets that revision's items from memory; anything else
/// (several revisions behind, changes published out of order, a ban) sends it to the log.
@Suite struct RevisionBroadcasterTests {
    private func logged(_ revision: Int, banned: Bool = false) -> LoggedRevision {
        LoggedRevision(revision: revision, items: [#"{"objectType":"CHAT_MESSAGE","n":\#(revision)}"#], banned: banned)
    }

    @Test func onlyTheRevisionRightAfterThePollsIsAnsweredFromMemory() async {
        let broadcaster = RevisionBroadcaster()
        #expect(await broadcaster.logged(visitorID: "v", after: 0) == nil)
        await broadcaster.publish(visitorID: "v", logged: logged(1))
        #expect(await broadcaster.logged(visitorID: "v", after: 0) == logged(1))
        #expect(await broadcaster.logged(visitorID: "v", after: 1) == nil)
        await broadcaster.publish(visitorID: "v", logged: logged(2))
        // Two revisions behind: the items of revision 1 are in the log only.
        #expect(await broadcaster.logged(visitorID: "v", after: 0) == nil)
        #expect(await broadcaster.logged(visitorID: "v", after: 1) == logged(2))
        #expect(await broadcaster.logged(visitorID: "w", after: 1) == nil)
    }

    @Test func aRevisionPublishedLateOrABanSendsPollsToTheLog() async {
        let broadcaster = RevisionBroadcaster()
        await broadcaster.publish(visitorID: "v", logged: logged(4))
        await broadcaster.publish(visitorID: "v", logged: logged(3))
        #expect(await broadcaster.logged(visitorID: "v", after: 3) == logged(4))
        #expect(await broadcaster.logged(visitorID: "v", after: 2) == nil)
        // A ban logs nothing: the poll must read the visitor again.
        await broadcaster.publish(visitorID: "v", revision: 4)
        #expect(await broadcaster.logged(visitorID: "v", after: 3) == nil)
        await broadcaster.publish(visitorID: "v", logged: logged(5, banned: true))
        #expect(await broadcaster.logged(visitorID: "v", after: 4)?.banned == true)
    }
}
