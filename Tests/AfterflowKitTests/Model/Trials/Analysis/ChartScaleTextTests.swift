import AfterflowKit
import Testing

/// A value in its unit, as the progress report's Baseline and Current lines and the trend's
/// sentence say it. The report of ExampleVault's sam-r once said "1 incidents on Mar 31, 2025".
@Suite struct ChartScaleTextTests {
    @Test("one decimal at most; 1 incident, but 0, 1.5 and 2 incidents; other units never change")
    func units() {
        let abc = ChartScale.linear(unit: "incidents")
        #expect([0, 1, 1.5, 2].map(abc.text) == ["0 incidents", "1 incident", "1.5 incidents", "2 incidents"])
        // 0.96 rounds to 1.0, written "1": one incident as read.
        #expect(abc.text(0.96) == "1 incident")
        #expect(ChartScale.linear(unit: "per hour").text(1) == "1 per hour" && ChartScale.percent.text(80) == "80 %"
                && ChartScale.linear(unit: "min").text(12.25) == "12.3 min")
    }
}
