@testable import AfterflowKit
import Foundation
import PropertyBased
import Testing

/// `oneDecimal` and `zeroPadded` stand in for `String(format:)`: they must write what it writes,
/// digit for digit, ties and the values just beside them included.
@Suite struct NumberTextTests {
    @Test(arguments: [0.25, 0.35, 0.15, 0.05, 6.25, 6.75, 99.95, 0.0, -0.0, -0.04, -2.25, 12.5, 1.0 / 3, 2.0 / 3, 1e13 + 0.25, 99_999.95])
    func writesWhatPrintfWrites(_ value: Double) {
        #expect(value.oneDecimal == String(format: "%.1f", value), "\(value)")
    }

    @Test func outsideItsRangeFoundationWrites() {
        for value in [Double.nan, .infinity, -.infinity, 1e15, -3e20] {
            #expect(value.oneDecimal == String(format: "%.1f", value))
        }
    }

    @Test func anyDoubleAsPrintfWritesIt() async {
        await propertyCheck(input: Gen.double(in: -1_000_000...1_000_000)) { value in
            #expect(value.oneDecimal == String(format: "%.1f", value))
        }
    }

    /// A share as the reports compute one (`n × 100 / total`), where the exact ties and the
    /// near-ties of decimal fractions fall.
    @Test func sharesAsPrintfWritesThem() async {
        await propertyCheck(input: Gen.int(in: 0...5_000), Gen.int(in: 1...5_000)) { n, total in
            let value = Double(n) * 100 / Double(total)
            #expect(value.oneDecimal == String(format: "%.1f", value), "\(n)/\(total)")
        }
    }

    /// Every exact binary tie (k/4, k/8, k/16) and its two neighbours.
    @Test func tiesAndTheirNeighbours() async {
        await propertyCheck(input: Gen.int(in: -400_000...400_000), Gen.element(of: [4.0, 8.0, 16.0, 20.0, 40.0])) { k, denominator in
            guard let denominator else { return }
            let tie = Double(k) / denominator
            for value in [tie, tie.nextUp, tie.nextDown] {
                #expect(value.oneDecimal == String(format: "%.1f", value), "\(value)")
            }
        }
    }

    @Test func anyBitPattern() async {
        await propertyCheck(input: Gen.uint64()) { bits in
            let value = Double(bitPattern: bits)
            #expect(value.oneDecimal == String(format: "%.1f", value))
        }
    }

    @Test func zeroPaddedAsPrintfWritesIt() async {
        await propertyCheck(input: Gen.int(in: 0...1_000_000), Gen.int(in: 0...8)) { value, width in
            #expect(value.zeroPadded(width) == String(format: "%0\(width)d", value))
        }
    }
}
