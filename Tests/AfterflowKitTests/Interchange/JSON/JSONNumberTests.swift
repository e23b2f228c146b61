@testable import AfterflowKit
import Foundation
import Testing

/// Averages and other measures are JSON numbers, not text (#10).
@Suite struct JSONNumberTests {
    @Test("rounded to two decimals and written in the fewest digits", arguments: [
        (4.4, "4.4"), (4.4000001, "4.4"), (22.0 / 3.0, "7.33"), (5.0, "5"), (-0.5, "-0.5"), (2.675, "2.68"),
        (0.004, "0"), (-0.004, "0"), (123_456.789, "123456.79"),
    ])
    func written(value: Double, text: String) {
        #expect(JSONValue.rounded(value).serialized() == text)
    }

    @Test("nothing, or a value JSON cannot write, is null")
    func null() {
        #expect(JSONValue.rounded(nil).serialized() == "null")
        #expect(JSONValue.number(.nan, places: 2).serialized() == "null")
        #expect(JSONValue.number(.infinity, places: 2).serialized() == "null")
    }

    @Test("an independent JSON reader reads them as numbers", arguments: [0.1, 4.4, 7.333333, -3.25, 1e-7, 1e20, 12.0])
    func readBack(value: Double) throws {
        let text = JSONValue.object([("n", .number(value, places: 12)), ("r", .rounded(value))]).serialized()
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(object["n"] as? String == nil)
        #expect((object["n"] as? NSNumber)?.doubleValue == value)
        #expect((object["r"] as? NSNumber)?.doubleValue == (value * 100).rounded() / 100)
    }
}
