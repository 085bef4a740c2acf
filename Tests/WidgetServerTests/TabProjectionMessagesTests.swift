import TestSupport
import Testing
import WebimClientLibrary

@testable import WidgetServer

/// The one copy of a tab's messages as its events keep it: the snapshot's newest page, history pages, and the core
/// messages and files the page's actions and downloads name.
@Suite struct TabProjectionMessagesTests {
    @Test func aSessionEndedByAFatalErrorSaysSoInEverySnapshotAfter() {
        var projection = TabProjection()
        #expect(projection.snapshot.fatal.value == nil)
        projection.apply(.transientError(type: "networkError", message: "down"))
        #expect(projection.snapshot.fatal.value == nil)
        // Another browser tab of the visitor, or a reload, reads the snapshot after the event itself went by.
        projection.apply(.fatalError(type: "visitorBanned", message: "The visitor is banned."))
        #expect(projection.snapshot.fatal.value == "visitorBanned")
    }

    @Test func theSnapshotCarriesTheNewestPageAndSaysWhenMoreExists() {
        var projection = TabProjection()
        projection.hasMoreHistory = false
        for number in 0...TabProjection.snapshotPageSize {
            projection.apply(.messageAdded(HandBuiltMessage(id: "m\(number)").shown(), beforeID: nil))
        }
        let snapshot = projection.snapshot
        #expect(snapshot.messages.count == TabProjection.snapshotPageSize)
        #expect(snapshot.messages.first?.id == "m1")
        // The history store has nothing older, but the tab holds one message more than the page got.
        #expect(snapshot.hasMoreHistory)
        projection.apply(.messagesCleared)
        #expect(projection.snapshot.messages.isEmpty)
        #expect(!projection.snapshot.hasMoreHistory)
    }

    @Test func aPublishedMessageIsFoundByIDWithItsClientIDAndFiles() {
        let log = TabEventLog(firstEventID: 0)
        let sent = HandBuiltMessage(id: "a", text: "hello", fileGUIDs: ["f1"])
        log.publish(.messageAdded(sent.shown(clientID: "c1"), beforeID: nil))
        #expect(log.coreMessage(id: "a")?.getText() == "hello")
        #expect(log.clientID(ofMessage: "a") == "c1")
        #expect(log.file(guid: "f1") != nil)

        log.publish(.messageRemoved(id: "a"))
        #expect(log.coreMessage(id: "a") == nil)
        #expect(log.file(guid: "f1") != nil)
        #expect(log.messages(before: nil, limit: 10)?.messages.isEmpty == true)
    }

    @Test func aClearedHistoryForgetsEveryMessageButNotTheirFiles() {
        let log = TabEventLog(firstEventID: 0)
        log.publish(.messageAdded(HandBuiltMessage(id: "a", quotedFileGUID: "q1").shown(), beforeID: nil))
        log.publish(.messagesCleared)
        #expect(log.coreMessage(id: "a") == nil)
        #expect(log.file(guid: "q1") != nil)
        #expect(!log.hasMoreHistory)
    }

    @Test func historyPagesGoInFrontOfTheLiveMessages() {
        let log = TabEventLog(firstEventID: 0)
        log.publish(.messageAdded(HandBuiltMessage(id: "live").shown(), beforeID: nil))
        log.prependHistory([HandBuiltMessage(id: "old", fileGUIDs: ["f"]).shown()], hasMore: false)
        #expect(log.messages(before: "live", limit: 10)?.messages.map(\.id) == ["old"])
        #expect(log.coreMessage(id: "old")?.getID() == "old")
        #expect(log.file(guid: "f") != nil)
        #expect(!log.hasMoreHistory)
    }
}
