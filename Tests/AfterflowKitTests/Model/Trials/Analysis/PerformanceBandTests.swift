import AfterflowKit
import Testing

@Suite struct PerformanceBandTests {
    @Test(arguments: [
        (69, 100, PerformanceBand.needsWork), (70, 100, .good), (84, 100, .good), (85, 100, .excellent),
        (139, 200, .needsWork),  // 69.5 %: rounded to nearest it would read 70 %
        (169, 200, .good),       // 84.5 %
        (11, 13, .good),         // 84.6 %
        (17, 20, .excellent), (7, 10, .good), (9, 13, .needsWork), (20, 20, .excellent), (0, 5, .needsWork), (0, 0, .needsWork),
    ])
    func bandsAtTheirBoundaries(correct: Int, total: Int, band: PerformanceBand) {
        #expect(PerformanceBand(correct: correct, of: total) == band)
    }

    @Test(arguments: [
        (70, 100, LiveColor.green), (69, 100, .orange), (40, 100, .orange), (39, 100, .red), (2, 5, .orange),
        (139, 200, .orange), (7, 10, .green), (0, 0, .red),
    ])
    func liveColours(correct: Int, total: Int, color: LiveColor) {
        #expect(LiveColor(correct: correct, of: total) == color)
    }

    @Test func percentagesAreRoundedDownSoThatTheyNeverCrossABand() {
        #expect(Percent.text(11, of: 13) == "84 %")
        #expect(PerformanceBand(correct: 11, of: 13) == .good)
        #expect(Percent.text(2, of: 3) == "66 %")
        #expect(Percent.text(16, of: 20) == "80 %")
        #expect(Percent.text(0, of: 0) == "–")
        #expect(Percent.reaches(4, of: 5, percent: 80))
        #expect(!Percent.reaches(79, of: 99, percent: 80))
        #expect(PerformanceBand.needsWork.rawValue == "Needs Work" && PerformanceBand.needsWork.slug == "needs-work")
    }
}
