import Foundation
import Testing
import WebimWire

/// Chat, operator, department, rating, survey and unread objects against PROTOCOL.md §3–§4.
@Suite struct ChatObjectsGoldenTests {
    @Test func fullChatRoundTrips() throws {
        let text = #"""
            {"id":17,"clientSideId":"c1","state":"chatting","messages":[],"operator":{"id":1,"fullname":"Anna","avatar":"/a.png","title":"Support","additionalInfo":"Team lead","departmentKeys":["sales"]},"operatorTyping":true,"visitorTyping":false,"readByVisitor":false,"unreadByVisitorMsgCnt":2,"unreadByVisitorSinceTs":1700000001.5,"unreadByOperatorSinceTs":null,"creationTs":1700000000.5,"modificationTs":1700000002.5,"offline":false,"operatorIdToRate":{"1":{"operatorId":1,"rating":2}},"operatorIdToResolutionSurvey":{"1":{"operatorId":1,"answer":1}},"category":"billing","subcategory":"refunds","subject":"Refund","translationOptions":{"enabled":true,"language":"en"}}
            """#
        // `unreadByOperatorSinceTs: null` is read as absent and so not written back.
        let chat = try WireCoding.makeDecoder().decode(ChatItem.self, from: .init(text.utf8))
        #expect(chat.operator?.additionalInfo == "Team lead")
        #expect(chat.operatorIdToRate?["1"]?.rating == 2)
        #expect(chat.operatorIdToResolutionSurvey?["1"]?.answer == 1)
        #expect(chat.unreadByVisitorSinceTs == 1_700_000_001.5)
        #expect(chat.translationOptions?.language == "en")
        #expect(chat.subject == "Refund" && chat.offline == false && chat.visitorTyping == false)
        let again = try WireCoding.makeDecoder().decode(ChatItem.self, from: try WireCoding.makeEncoder().encode(chat))
        #expect(again == chat)
    }

    @Test func fullUpdateWithDepartmentsSurveyAndHelloRoundTrips() throws {
        let text = #"""
            {"pageId":"p","authToken":"t","visitSessionId":"s","visitor":{"id":"v"},"visitorFull":{"id":"v","fields":{"name":"Guest"},"icon":{"color":"#aaa","shape":"circle"}},"state":"department-selection","onlineStatus":"busy_online","chat":null,"departments":[{"key":"sales","name":"Sales","online":"online","order":1,"localeToName":{"ru":"Продажи"},"logo":"/logo.png"}],"historyRevision":5,"hintsEnabled":true,"survey":{"id":"sv1","config":{"id":3,"version":"1","descriptor":{"forms":[{"id":1,"questions":[{"type":"stars","text":"Rate us"},{"type":"radio","text":"Pick","options":["a","b"]},{"type":"comment","text":"Why?"}]}]}},"current_question":{"form_id":1,"question_id":0}},"showHelloMessage":true,"chatStartAfterMessage":true,"helloMessageDescr":"Hello!"}
            """#
        let update = try roundTrip(text, as: FullUpdate.self)
        #expect(update.departments?.first?.localeToName?["ru"] == "Продажи")
        #expect(update.survey?.config.descriptor.forms.first?.questions.map(\.kind) == [.stars, .radio, .comment])
        #expect(update.survey?.currentQuestion == .init(formId: 1, questionId: 0))
        #expect(update.helloMessageDescr == "Hello!")
        #expect(update.visitorFull?.icon?.shape == "circle")
    }

    @Test func deltaPayloadsDecode() throws {
        #expect(try roundTrip(#"{"msgCnt":3,"sinceTs":1700000000.25}"#, as: UnreadByVisitorItem.self).msgCnt == 3)
        #expect(try roundTrip(#"{"operatorId":1,"rating":-2}"#, as: RatingItem.self).rating == -2)
        #expect(try roundTrip(#"{"revision":42}"#, as: HistoryRevisionItem.self).revision == 42)
        let fromString = try WireCoding.makeDecoder().decode(
            HistoryRevisionItem.self,
            from: .init(#"{"revision":"42"}"#.utf8)
        )
        #expect(fromString.revision == 42)
        #expect(try WireCoding.jsonValue(of: fromString) == jsonValue(#"{"revision":42}"#))
    }
}
