package org.maestro.reporter.study;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;
import org.maestro.reporter.out.JUnitFormat;

/**
 * Writes a study's {@code study-junit.xml}: one test suite, one test case per cell; a cell fails when one of its
 * repeats failed, and is an error when a repeat is missing or has no verdict.
 */
public final class StudyJUnit {

    /** File name in the test directory. */
    public static final String FILE_NAME = "study-junit.xml";

    private StudyJUnit() {}

    /** Writes {@code <testDir>/study-junit.xml}. */
    public static Path write(Path testDir, StudyState state, List<CellResult> cells) throws IOException {
        return JUnitFormat.write(testDir.resolve(FILE_NAME), xml -> {
            JUnitFormat.startSuite(
                    xml,
                    "maestro.study." + state.test(),
                    cells.size(),
                    cells.stream().filter(c -> c.outcome().equals("failure")).count(),
                    cells.stream().filter(c -> c.outcome().equals("unknown")).count());
            xml.writeCharacters("\n");
            for (CellResult cell : cells) {
                writeCase(xml, state, cell);
            }
            xml.writeEndElement();
        });
    }

    private static void writeCase(XMLStreamWriter xml, StudyState state, CellResult cell) throws XMLStreamException {
        JUnitFormat.startCase(xml, "maestro.study." + state.test(), cell.label());
        if (cell.outcome().equals("failure")) {
            JUnitFormat.problem(
                    xml,
                    "failure",
                    cell.failed() + " of " + cell.finished() + " repeat(s) failed: "
                            + cell.runs().stream()
                                    .filter(r -> r.outcome().equals("failure"))
                                    .map(r -> "#" + r.iteration() + " " + r.reason())
                                    .collect(Collectors.joining("; ")),
                    "maestro.CellFailure",
                    headline(cell));
        } else if (cell.outcome().equals("unknown")) {
            JUnitFormat.problem(
                    xml,
                    "error",
                    cell.finished() < state.repeats()
                            ? cell.finished() + " of " + state.repeats() + " repeat(s) finished"
                            : "a repeat has no verdict",
                    "maestro.CellIncomplete",
                    headline(cell));
        }
        JUnitFormat.endCase(xml, headline(cell));
    }

    /** The cell's means and intervals in one line. */
    static String headline(CellResult cell) {
        StringBuilder line = new StringBuilder("repeats=" + cell.finished());
        for (String statistic : CellResult.STATISTICS) {
            appendEstimate(line, statistic, cell.estimate(statistic));
        }
        for (FaultEstimates fault : cell.faults()) {
            line.append(" | fault '").append(fault.action()).append("' ×").append(fault.faults());
            appendEstimate(line, "gapSeconds", fault.gapSeconds());
            appendEstimate(line, "throughputRecoverySeconds", fault.throughputRecoverySeconds());
            appendEstimate(line, "p99RecoverySeconds", fault.p99RecoverySeconds());
            appendEstimate(line, "refused", fault.refused());
            appendEstimate(line, "vanished", fault.vanished());
            appendEstimate(line, "duplicates", fault.duplicates());
            appendEstimate(line, "p99BeforeMs", fault.p99Before());
            appendEstimate(line, "p99DuringMs", fault.p99During());
        }
        return line.toString();
    }

    private static void appendEstimate(StringBuilder line, String name, Estimate estimate) {
        line.append(' ').append(name).append('=');
        if (estimate.mean() == null) {
            line.append("unknown");
            return;
        }
        line.append(String.format(Locale.ROOT, "%.3f", estimate.mean()));
        if (estimate.low() != null) {
            line.append(String.format(Locale.ROOT, " [%.3f, %.3f]", estimate.low(), estimate.high()));
        }
    }
}
