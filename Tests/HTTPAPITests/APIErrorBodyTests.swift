import Foundation
import HTTPAPI
import HTTPTypes
import Testing

/// The one error shape the page and the console read, byte for byte.
@Suite struct APIErrorBodyTests {
    @Test func anErrorWithAFieldIsCodeMessageAndField() throws {
        let error = APIError(.missingField, "The field text is required.", field: "text")
        let json = String(decoding: try error.json(), as: UTF8.self)
        #expect(json == #"{"error":{"code":"missing_field","field":"text","message":"The field text is required."}}"#)
    }

    @Test func anErrorWithoutAFieldLeavesItOut() throws {
        let json = String(decoding: try APIError.notJSON.json(), as: UTF8.self)
        #expect(json == #"{"error":{"code":"unsupported_media_type","message":"Send the body as application/json."}}"#)
    }

    @Test func hummingbirdsOwnRefusalsHaveCodes() {
        #expect(APIError(refusalStatus: .badRequest, message: nil)?.code == .badRequest)
        #expect(APIError(refusalStatus: .notFound, message: nil)?.code == .notFound)
        #expect(APIError(refusalStatus: .contentTooLarge, message: nil)?.code == .bodyTooLarge)
        #expect(APIError(refusalStatus: .rangeNotSatisfiable, message: nil)?.code == .rangeNotSatisfiable)
        // A status with no code of its own is a failure the server did not expect: the middleware logs it as a 500.
        #expect(APIError(refusalStatus: .serviceUnavailable, message: nil) == nil)
    }
}
