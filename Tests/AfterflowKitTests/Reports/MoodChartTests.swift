import AfterflowKit
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing

@Suite struct MoodChartTests {
    static let zone = TimeZone(identifier: "America/Los_Angeles")!

    final class Counter: NSObject, XMLParserDelegate {
        var elements: [String: Int] = [:]
        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
            elements[name, default: 0] += 1
        }
    }

    func parse(_ svg: String) -> [String: Int]? {
        let parser = XMLParser(data: Data(svg.utf8))
        let counter = Counter()
        parser.delegate = counter
        return parser.parse() ? counter.elements : nil
    }

    @Test func noMoodsNoChart() {
        #expect(MoodChart(points: [], timeZone: Self.zone).svg() == nil)
        #expect(MoodChart(points: [.init(time: 0, before: nil, after: nil)], timeZone: Self.zone).svg() == nil)
    }

    @Test func aDotForEachMoodAndALineForEachSeries() throws {
        let day = 86_400
        let points = (0..<30).map { MoodChart.Point(time: 1_700_000_000 + $0 * 9 * day, before: 1 + $0 % 10, after: $0 % 3 == 0 ? nil : 10 - $0 % 10) }
        let svg = try #require(MoodChart(points: points, timeZone: Self.zone).svg())
        let elements = try #require(parse(svg), "the chart is well-formed XML")
        let moods = points.compactMap(\.before).count + points.compactMap(\.after).count
        #expect(elements["circle"] == moods + 2, "one dot a mood and one in each legend entry")
        #expect(elements["polyline"] == 2)
        #expect(svg.contains("<title id=\"mood-chart-title\">Mood before and after each session, Nov 2023 to Aug 2024</title>"))
        #expect(svg.contains(">Jan 2024</text>"), "a year's first month says its year")
        #expect(!svg.contains("<script"))
        #expect(!svg.contains("href"))
    }

    @Test func aSingleSessionSitsInTheMiddle() throws {
        let svg = try #require(MoodChart(points: [.init(time: 1_700_000_000, before: 4, after: 7)], timeZone: Self.zone).svg())
        #expect(parse(svg)?["circle"] == 4)
        #expect(svg.contains("cx=\"337\""))
    }

    @Test func overManyYearsTheTicksAreYears() throws {
        let points = (0..<10).map { MoodChart.Point(time: 1_420_070_400 + $0 * 31_536_000, before: 5, after: 6) }
        let svg = try #require(MoodChart(points: points, timeZone: Self.zone).svg())
        #expect(svg.contains("Dec 2014 to Dec 2023</title>"))
        #expect(svg.contains(">2015</text>"))
        #expect(svg.contains(">2023</text>"))
        #expect(!svg.contains(">Jan 2016</text>"))
    }

    @Test("check-ins: one diamond each behind the sessions, a legend key, and the figures in the text alternative")
    func checkIns() throws {
        let day = 86_400
        let points = [MoodChart.Point(time: 10 * day, before: 4, after: 7), MoodChart.Point(time: 24 * day, before: 5, after: 8)]
        let checkIns = [MoodChart.CheckIn(time: 12 * day, score: 3), MoodChart.CheckIn(time: 15 * day, score: 6),
                        MoodChart.CheckIn(time: 30 * day, score: 9), MoodChart.CheckIn(time: 31 * day, score: 0)]
        let svg = try #require(MoodChart(points: points, checkIns: checkIns, timeZone: .gmt).svg())
        let elements = try #require(parse(svg), "the chart is well-formed XML")
        // Three check-ins (a score of 0 is none) and the legend's key.
        #expect(elements["path"] == 4)
        #expect(svg.contains("<g class=\"series checkins\""))
        #expect(svg.contains(">Check-in</text>"))
        #expect(svg.contains("<title id=\"mood-chart-title\">Mood before and after each session, and check-ins between sessions, Jan 1970</title>"))
        #expect(svg.contains("3 check-ins between sessions, 6.0 on average, lowest 3, highest 9."))
        // The check-ins come before the sessions' series, so that those are drawn over them.
        let diamonds = try #require(svg.range(of: "series checkins")), before = try #require(svg.range(of: "series before"))
        #expect(diamonds.lowerBound < before.lowerBound)
        // The latest check-in is past the last session: the time axis reaches it.
        #expect(svg.contains("<path d=\"M634 "), "the last check-in at the right edge of the plot: \(svg)")
        // Check-ins alone still make a chart; none leaves the chart as it was.
        #expect(MoodChart(points: [], checkIns: [checkIns[0]], timeZone: .gmt).svg() != nil)
        let plain = try #require(MoodChart(points: points, timeZone: .gmt).svg())
        #expect(!plain.contains("Check-in") && !plain.contains("<path"))
    }
}
