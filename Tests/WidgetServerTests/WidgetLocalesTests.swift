import Foundation
import Testing

@testable import WidgetServer

/// The page's locales: the list matches the strings files, and `Accept-Language` chooses as the page's
/// `navigator.languages` does (exactly, then by language, then English).
@Suite struct WidgetLocalesTests {
    @Test func theListIsTheLocalesWithAStringsFile() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Public/i18n").standardized
        let mainFiles = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".json") && $0.split(separator: ".").count == 2 }
            .map { String($0.dropLast(".json".count)) }
        #expect(Set(mainFiles) == Set(WidgetLocales.all))
        #expect(WidgetLocales.all.first == "en")
    }

    @Test func theBestLocaleIsTheFirstPreferenceNamedExactlyOrByItsLanguage() {
        #expect(WidgetLocales.best(of: ["ru-RU", "en"]) == "ru")
        #expect(WidgetLocales.best(of: ["RU"]) == "ru")
        #expect(WidgetLocales.best(of: ["xx", "ru", "en"]) == "ru")
        #expect(WidgetLocales.best(of: ["en-GB", "ru"]) == "en")
        #expect(WidgetLocales.best(of: ["xx-YY", "zz"]) == "en")
        #expect(WidgetLocales.best(of: ["pt-PT", "en"]) == "pt-BR")
        #expect(WidgetLocales.best(of: ["zh-TW"]) == "zh-CN")
        #expect(WidgetLocales.best(of: ["de-AT", "de"]) == "de")
        #expect(WidgetLocales.best(of: ["he-IL"]) == "he")
        #expect(WidgetLocales.best(of: []) == "en")
    }

    @Test func acceptLanguageIsReadByQualityThenOrder() {
        let header = "fr-CH, fr;q=0.9, ru;q=0.95, *;q=0.5, de;q=0, en;q=0.9"
        #expect(WidgetLocales.preferences(acceptLanguage: header) == ["fr-CH", "ru", "fr", "en"])
        #expect(WidgetLocales.preferences(acceptLanguage: nil).isEmpty)
        #expect(WidgetLocales.preferences(acceptLanguage: ";;;,,").isEmpty)
        let flood = Array(repeating: "xx", count: 1000).joined(separator: ",") + ",ru"
        #expect(WidgetLocales.preferences(acceptLanguage: flood).count == 32, "a long header is read only so far")
        #expect(WidgetLocales.best(of: WidgetLocales.preferences(acceptLanguage: header)) == "fr", "fr-CH finds French")
        #expect(WidgetLocales.best(of: WidgetLocales.preferences(acceptLanguage: "sw, ru;q=0.8")) == "ru")
    }
}
