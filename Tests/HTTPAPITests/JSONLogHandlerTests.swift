import Foundation
import HTTPAPI
import Logging
import Testing

/// `--log-format json`: one JSON object per record, every field by name, metadata as the logger was given it.
struct JSONLogHandlerTests {
    @Test func eachRecordIsOneLineOfJSONWithItsFieldsByName() throws {
        let pipe = Pipe()
        var logger = Logger(label: "webim-widget") { label in
            JSONLogHandler(label: label, output: pipe.fileHandleForWriting)
        }
        logger.logLevel = .debug
        logger[metadataKey: "tab"] = "tab-1"
        logger.warning(
            "a \"quoted\"\nsecond line",
            metadata: ["count": "\(3)", "ids": ["a", "b"], "nested": ["key": "value"]]
        )
        logger.trace("below the level: not written")
        logger.info("plain")
        try pipe.fileHandleForWriting.close()
        let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let lines = text.split(separator: "\n")
        #expect(lines.count == 2)
        let first = try #require(
            try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any]
        )
        #expect(first["level"] as? String == "warning")
        #expect(first["label"] as? String == "webim-widget")
        #expect(first["message"] as? String == "a \"quoted\"\nsecond line")
        let metadata = try #require(first["metadata"] as? [String: Any])
        #expect(metadata["tab"] as? String == "tab-1")
        #expect(metadata["count"] as? String == "3")
        #expect(metadata["ids"] as? [String] == ["a", "b"])
        #expect((metadata["nested"] as? [String: String]) == ["key": "value"])
        #expect((first["time"] as? String)?.hasSuffix("Z") == true)
        #expect(first["source"] as? String == "HTTPAPITests")
        #expect((first["line"] as? Int ?? 0) > 0)
        let second = try #require(try JSONSerialization.jsonObject(with: Data(lines[1].utf8)) as? [String: Any])
        #expect(second["message"] as? String == "plain")
        // The logger's own metadata still, and no key for what was not given.
        #expect((second["metadata"] as? [String: Any])?.keys.sorted() == ["tab"])
    }
}
