import AfterflowKit
import Testing

/// Same-day sessions joined for a graph, worked out by hand.
@Suite struct DailyFigureTests {
    func one(_ figures: [DailyFigure]) -> [DayFigure<Int>] {
        DayFigure.sameDay(figures.map { DayFigure(day: 1, figure: $0) })
    }

    /// 8 of 10 and 1 of 2 pool to 9 of 12 = 75.0 %, not (80 + 50) ÷ 2 = 65.0 %.
    @Test func percentagesArePooledOverTrials() {
        let day = one([.proportion(part: 8, whole: 10), .proportion(part: 1, whole: 2)])
        #expect(day.map(\.figure) == [.proportion(part: 9, whole: 12)] && day[0].figure.plotted == 75)
    }

    @Test func countsAreSummed() {
        #expect(one([.count(3), .count(4)]).map(\.figure) == [.count(7)])
    }

    /// 6 in 30 min (12 per hour) and 6 in 10 min (36 per hour): 12 in 40 min = 18 per hour, not
    /// (12 + 36) ÷ 2 = 24.
    @Test func ratesAreOverTheSummedTime() {
        #expect(one([.rate(count: 6, observedSeconds: 1800), .rate(count: 6, observedSeconds: 600)]).first?.figure.plotted == 18)
    }

    /// 120 s and 60 s: 180 s, plotted as 3 minutes.
    @Test func durationsAreSummedInMinutes() {
        #expect(one([.duration(seconds: 120, observedSeconds: 1200), .duration(seconds: 60, observedSeconds: 600)]).first?.figure.plotted == 3)
    }

    /// 3 responses totalling 21 s and 1 of 9 s: 30 ÷ 4 = 7.5 s.
    @Test func latenciesAreMeanOverEveryResponse() {
        #expect(one([.latency(totalSeconds: 21, responses: 3), .latency(totalSeconds: 9, responses: 1)]).first?.figure.plotted == 7.5)
    }

    @Test func daysStayApartInOrder() {
        let joined = DayFigure.sameDay([DayFigure(day: "mon", figure: .count(1)), DayFigure(day: "tue", figure: .count(2)), DayFigure(day: "mon", figure: .count(4))])
        #expect(joined == [DayFigure(day: "mon", figure: .count(5)), DayFigure(day: "tue", figure: .count(2))])
    }

    @Test func kindsAreNeverMixed() {
        #expect(one([.count(3), .proportion(part: 1, whole: 2)]).count == 2 && DailyFigure.count(3).joined(with: .proportion(part: 1, whole: 2)) == nil)
    }

    @Test func nothingToDivideByIsNoPoint() {
        #expect(DailyFigure.proportion(part: 0, whole: 0).plotted == nil && DailyFigure.rate(count: 2, observedSeconds: 0).plotted == nil)
    }
}
