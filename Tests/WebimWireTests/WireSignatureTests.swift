import Testing
import WebimWire

/// The HMACs of PROTOCOL.md §2.7 and §7.3, pinned to values computed independently (Python's hmac module).
@Suite struct WireSignatureTests {
    @Test func downloadHashIsHMACOfGuidAndExpiresUnderTheAuthToken() {
        #expect(
            WireSignature.downloadHash(guid: "0123abcd", expires: 1_700_000_300, authToken: "authtoken1")
                == "7fc0d57a6d7fe0895dee75d351002eb03806c71057d6d5b8c8516602443ba74f"
        )
    }

    @Test func visitorFieldsHashSortsByFieldName() {
        let fields = ["id": "42", "display_name": "Ann", "email": "a@b.c", "phone": "+7000"]
        #expect(
            WireSignature.visitorFieldsHash(fields: fields, expires: 1_700_003_600, privateKey: "secret-key")
                == "2e1d178c8c24eaa42a62453639976d45957512c8c13020b24a0b4e37cc8c7853"
        )
        #expect(
            WireSignature.legacyVisitorFieldsHash(fields: fields, expires: 1_700_003_600, privateKey: "secret-key")
                == "e7061ca50fc7aee17b461a356de6aabda20998cb9b540df6170e77fa503b7891"
        )
    }
}
