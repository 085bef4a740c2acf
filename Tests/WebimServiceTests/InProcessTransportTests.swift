import Foundation
import NIOCore
import NIOHTTP1
import TestSupport
import Testing
import WebimService
import WebimWire

/// The in-process transport answers exactly as the HTTP listener does, and gives up at its timeout.
@Suite struct InProcessTransportTests {
    @Test func everyKindOfRequestGetsTheSameStatusAndBodyAsOverHTTP() async throws {
        try await withTemporaryDirectory { directory in
            try await LiveStack.withService(dataDirectory: directory, holdTimeout: .seconds(2)) { base, transport in
                let visitor = try await ServiceClient.start(base, location: "manual")
                let auth = WireForm.encode(visitor.auth)
                let gets = [
                    WireEndpoint.meta,
                    "\(WireEndpoint.configs)/files?jsonp=false?page-id=p",
                    "\(WireEndpoint.onlineStatus)?location=offline",
                    "\(WireEndpoint.delta)?since=0&\(auth)",
                    "\(WireEndpoint.history)?\(auth)",
                    "/l/v/m/no-such-path",
                ]
                for path in gets {
                    let overHTTP = try await HTTP.raw(base + path)
                    let inProcess = try await transport.exchange(
                        WireRequest(method: .get, pathAndQuery: path),
                        timeout: .seconds(10)
                    )
                    #expect(inProcess.status == overHTTP.status, "\(path)")
                    #expect(try sameJSON(inProcess.body, overHTTP.body), "\(path)")
                }
                // A refused action: the same error, and no side effect that would make the answers differ.
                let form = WireForm.encode([("action", "chat.message"), ("message", ""), ("client-side-id", "x")])
                let formBody = "\(form)&\(auth)"
                let overHTTP = try await HTTP.raw(
                    base + WireEndpoint.action,
                    method: .POST,
                    headers: [("Content-Type", "application/x-www-form-urlencoded")],
                    body: ByteBuffer(string: formBody)
                )
                let inProcess = try await transport.exchange(
                    WireRequest(
                        method: .post,
                        pathAndQuery: WireEndpoint.action,
                        headers: [("Content-Type", "application/x-www-form-urlencoded")],
                        body: Data(formBody.utf8)
                    ),
                    timeout: .seconds(10)
                )
                #expect(String(decoding: inProcess.body, as: UTF8.self).contains(WireError.messageEmpty))
                #expect(inProcess.status == overHTTP.status)
                #expect(try sameJSON(inProcess.body, overHTTP.body))
            }
        }
    }

    @Test func aPollHeldLongerThanTheTimeoutFails() async throws {
        try await withTemporaryDirectory { directory in
            try await LiveStack.withService(dataDirectory: directory, holdTimeout: .seconds(20)) { base, transport in
                let visitor = try await ServiceClient.start(base, location: "manual")
                let since = await visitor.since
                let path = "\(WireEndpoint.delta)?since=\(since)&\(WireForm.encode(visitor.auth))"
                await #expect(throws: InProcessTransport.TimedOut.self) {
                    _ = try await transport.exchange(
                        WireRequest(method: .get, pathAndQuery: path),
                        timeout: .milliseconds(300)
                    )
                }
            }
        }
    }

    private func sameJSON(_ left: Data, _ right: Data) throws -> Bool {
        let options: JSONSerialization.ReadingOptions = [.fragmentsAllowed]
        let a = try JSONSerialization.jsonObject(with: left, options: options)
        let b = try JSONSerialization.jsonObject(with: right, options: options)
        return NSDictionary(dictionary: ["v": a]).isEqual(to: ["v": b])
    }
}
