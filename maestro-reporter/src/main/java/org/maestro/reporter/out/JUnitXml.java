package org.maestro.reporter.out;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;
import org.maestro.common.measure.OutcomeCounts;
import org.maestro.reporter.DuplicateDeliveries;
import org.maestro.reporter.TestSummary;
import org.maestro.reporter.Verdict;

/**
 * Writes a test's junit.xml in the JUnit/Surefire format CI servers read: one test suite per test,
 * one test case per iteration, a {@code failure} whose message is the reason when the peers
 * reported failure, an {@code error} when no peer reported an outcome.
 */
public final class JUnitXml {

    /** File name of the JUnit XML in a test directory. */
    public static final String FILE_NAME = "junit.xml";

    private JUnitXml() {}

    /** Writes {@code <testDir>/junit.xml}. */
    public static Path write(Path testDir, String test, List<TestSummary> iterations) throws IOException {
        return JUnitFormat.write(testDir.resolve(FILE_NAME), xml -> {
            long failures = iterations.stream()
                            .filter(s -> s.outcome() == Verdict.FAILURE)
                            .count()
                    + FlowCases.failures(iterations);
            long errors = iterations.stream()
                    .filter(s -> s.outcome() == Verdict.UNKNOWN)
                    .count();
            double time = iterations.stream()
                    .mapToDouble(TestSummary::durationSeconds)
                    .sum();
            JUnitFormat.startSuite(
                    xml,
                    "maestro." + test,
                    iterations.size() + (int) DestinationCases.count(iterations) + FlowCases.count(iterations),
                    failures + DestinationCases.failures(iterations),
                    errors);
            xml.writeAttribute("time", seconds(time));
            iterations.stream()
                    .mapToLong(TestSummary::startMillis)
                    .filter(t -> t > 0)
                    .min()
                    .ifPresent(start -> {
                        try {
                            xml.writeAttribute(
                                    "timestamp",
                                    DateTimeFormatter.ISO_LOCAL_DATE_TIME.format(Instant.ofEpochMilli(start)
                                            .atOffset(ZoneOffset.UTC)
                                            .withNano(0)));
                        } catch (XMLStreamException e) {
                            throw new IllegalStateException(e);
                        }
                    });
            FaultProperties.write(xml, iterations);
            xml.writeCharacters("\n");
            for (TestSummary summary : iterations) {
                writeCase(xml, test, summary);
                DestinationCases.write(xml, test, summary);
                FlowCases.write(xml, test, summary);
            }
            xml.writeEndElement();
        });
    }

    private static void writeCase(XMLStreamWriter xml, String test, TestSummary summary) throws XMLStreamException {
        JUnitFormat.startCase(xml, "maestro." + test, test + " #" + summary.iteration());
        xml.writeAttribute("time", seconds(summary.durationSeconds()));
        if (summary.outcome() == Verdict.FAILURE) {
            JUnitFormat.problem(xml, "failure", summary.reason(), "maestro.TestFailure", headline(summary));
        } else if (summary.outcome() == Verdict.UNKNOWN) {
            JUnitFormat.problem(xml, "error", summary.reason(), "maestro.NoOutcome", headline(summary));
        }
        JUnitFormat.endCase(xml, headline(summary));
    }

    /** One line with the numbers a CI log reader wants first. */
    static String headline(TestSummary s) {
        StringBuilder line = new StringBuilder();
        line.append(String.format(
                Locale.ROOT,
                "sent=%s received=%d lost=%s duplicates=%d outOfOrder=%d errors=%d" + " throughput=%.1f msg/s",
                known(s.messages().sent()),
                s.messages().received(),
                known(s.messages().lost()),
                s.messages().duplicates(),
                s.messages().outOfOrder(),
                s.messages().errors(),
                s.throughput()));
        line.append(String.format(
                Locale.ROOT,
                " refused=%s vanished=%s",
                known(s.messages().refused()),
                known(s.messages().vanished())));
        if (s.messages().unknownReason() != null) {
            line.append(" (unknown: ").append(s.messages().unknownReason()).append(')');
        }
        OutcomeCounts outcomes = s.messages().outcomes();
        if (outcomes != null) {
            line.append(String.format(
                    Locale.ROOT,
                    " accepted=%d released=%d rejected=%d modified=%d failed=%d",
                    outcomes.accepted(),
                    outcomes.released(),
                    outcomes.rejected(),
                    outcomes.modified(),
                    outcomes.failed()));
        }
        if (s.latency().responseTime() != null) {
            line.append(String.format(
                    Locale.ROOT,
                    " responseTime.p99=%.3f ms",
                    s.latency().responseTime().p99() / 1000.0));
        }
        if (s.latency().jitter() != null) {
            line.append(String.format(
                    Locale.ROOT,
                    " jitter.lateMax=%.3f ms jitter.p99=%.3f ms jitter.earlyMax=%.3f ms",
                    s.latency().jitter().lateMax() / 1000.0,
                    s.latency().jitter().p99() / 1000.0,
                    s.latency().jitter().earlyMax() / 1000.0));
        }
        DuplicateDeliveries.explain(
                        s.messages().received(),
                        s.messages().duplicates(),
                        s.throughput(),
                        s.rate() == null || s.rate().sender() == null
                                ? 0.0
                                : s.rate().sender().mean())
                .ifPresent(warning -> line.append(" | warning: ").append(warning));
        if (s.generatorBound()) {
            line.append(" | generator-bound: ").append(s.generator().reason());
        }
        return line.toString();
    }

    private static String known(Long count) {
        return count == null ? "unknown" : Long.toString(count);
    }

    private static String seconds(double seconds) {
        return String.format(Locale.ROOT, "%.3f", seconds);
    }
}
