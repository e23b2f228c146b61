import AfterflowKit
import Testing

/// The `export html` line `export pdf` suggests when no program prints PDF.
@Suite struct ReportCommandLineTests {
    @Test func swapsPDFForHTMLInTheCommandAndTheOutput() {
        #expect(ReportCommandLine.html(insteadOfPDF: ["export", "pdf", "-o", "Report.PDF", "--since", "2024-01-01"])
                == "afterflow export html -o Report.html --since 2024-01-01")
    }

    @Test func addsAnOutputWhenThereWasNone() {
        #expect(ReportCommandLine.html(insteadOfPDF: ["export", "pdf"]) == "afterflow export html -o report.html")
    }

    @Test func quotesWhatAShellWouldSplit() {
        #expect(ReportCommandLine.html(insteadOfPDF: ["export", "pdf", "--output", "it's mine.pdf"])
                == "afterflow export html --output 'it'\\''s mine.html'")
    }
}
