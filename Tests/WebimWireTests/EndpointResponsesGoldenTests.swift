import Foundation
import Testing
import WebimWire

/// History, config, meta, online status, search and light-mode answers against PROTOCOL.md §2.9, §6 and §9.
@Suite struct EndpointResponsesGoldenTests {
    @Test func historySinceKeepsTheRevisionAString() throws {
        let text = #"""
            {"result":"ok","data":{"revision":"1519046942029554","hasMore":true,"messages":[{"id":"m1","kind":"visitor","text":"Hi","name":"Guest","ts":1700000001.25,"ts_m":1700000001250000},{"id":"m0","kind":"visitor","text":"","name":"","ts_m":1700000000000000,"ts":1700000000,"deleted":true}]}}
            """#
        let page = try roundTrip(text, as: HistorySinceResponse.self)
        #expect(page.data?.revision == "1519046942029554")
        #expect(page.data?.messages?.last?.deleted == true)
        let numeric = try WireCoding.makeDecoder().decode(
            HistorySinceResponse.self,
            from: Data(#"{"result":"ok","data":{"revision":7,"hasMore":false}}"#.utf8)
        )
        #expect(numeric.data?.revision == "7")
    }

    @Test func historyBeforeRoundTrips() throws {
        let page = try roundTrip(
            #"{"result":"ok","data":{"hasMore":false,"messages":[]}}"#,
            as: HistoryBeforeResponse.self
        )
        #expect(page.data?.hasMore == false)
    }

    @Test func locationConfigExposesTypedFlagsWithDefaults() throws {
        let text = #"""
            {"accountConfig":{"max_visitor_upload_file_size":2,"allowed_upload_file_types":"png, jpg, pdf","visitor_upload_file":true,"visitor_message_editing":false,"web_and_mobile_quoting":true,"visitor_hints_api_endpoint":"https://hints.example","rate_operator":true,"default_lang":"en"},"locationSettings":{"chat":{"visitorFields":{"offlineMode":{"email":{"presence":"mandatory","validation":{"maxLength":64,"type":"email"}}}},"visitorFieldLabels":{"email":"E-mail"}},"resources":{"leavemessage-descr":"Leave a message"}},"routingRules":[{"visitorField":"lang","visitorFieldValue":"ru","locationKey":"russian"}]}
            """#
        let config = try roundTrip(text, as: LocationConfigResponse.self)
        #expect(config.maxVisitorUploadFileSizeMegabytes == 2)
        #expect(config.allowedUploadFileTypes == ["png", "jpg", "pdf"])
        #expect(config.isVisitorUploadFileAllowed && !config.isVisitorMessageEditingAllowed && config.isQuotingAllowed)
        #expect(config.visitorHintsAPIEndpoint == "https://hints.example")
        #expect(config.locationSettings?.chat?.visitorFields?["offlineMode"]?["email"]?.validation?.maxLength == 64)
        #expect(config.locationSettings?.resources?["leavemessage-descr"] == "Leave a message")
        #expect(config.routingRules?.first?.locationKey == "russian")
        let empty = try roundTrip("{}", as: LocationConfigResponse.self)
        #expect(empty.maxVisitorUploadFileSizeMegabytes == 10 && empty.isVisitorUploadFileAllowed)
        #expect(empty.allowedUploadFileTypes == nil)
    }

    @Test func metaOnlineStatusSearchAndLightModeRoundTrip() throws {
        let meta = try roundTrip(
            #"{"endpoints":{"configs":{"url":"/api/visitor/v1/configs","metod":"GET","params":["location"]},"history_mobile":{"url":"/l/v/m/history"}}}"#,
            as: MetaResponse.self
        )
        #expect(meta.endpoints?.configs?.method == "GET")
        #expect(meta.endpoints?.historyMobile?.url == WireEndpoint.history)
        #expect(
            try roundTrip(#"{"onlineStatus":"online","onlineOperators":true}"#, as: OnlineStatusResponse.self)
                .onlineOperators == true
        )
        #expect(try roundTrip(#"{"data":{"count":0,"items":[]}}"#, as: SearchResponse.self).data?.count == 0)
        #expect(try roundTrip(#"{"authToken":"a","visitor":"{}"}"#, as: LightModeAuthResponse.self).authToken == "a")
        let info = try roundTrip(
            #"{"unreadMessagesCount":2,"historyLastChangeTs":1700000000.5}"#,
            as: LightModeInfoResponse.self
        )
        #expect(info.unreadMessagesCount == 2)
    }

    @Test func providedVisitorFieldsRoundTrip() throws {
        let fields = try roundTrip(
            #"{"fields":{"id":"42","display_name":"Ann"},"expires":1700003600,"hash":"abc"}"#,
            as: ProvidedVisitorFields.self
        )
        #expect(fields.visitorID == "42" && fields.expires == 1_700_003_600)
        #expect(try roundTrip(#"{"id":"7"}"#, as: ProvidedVisitorFields.self).visitorID == "7")
    }
}
