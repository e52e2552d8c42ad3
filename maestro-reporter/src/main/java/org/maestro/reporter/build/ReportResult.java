package org.maestro.reporter.build;

import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import org.maestro.reporter.TestSummary;

/**
 * What {@link Reporter#build} wrote: the index of the results directory and, per test, its files
 * and summaries.
 *
 * @param resultsDir the results directory
 * @param index its index.html
 * @param tests one entry per test, by name
 */
public record ReportResult(Path resultsDir, Path index, List<TestReport> tests) {

    /** Every iteration of every test. */
    public List<TestSummary> summaries() {
        return tests.stream().flatMap(t -> t.iterations().stream()).collect(Collectors.toList());
    }

    /** Number of iterations whose peers reported success. */
    public long passed() {
        return summaries().stream().filter(TestSummary::passed).count();
    }

    /** Number of iterations that failed or have no verdict. */
    public long notPassed() {
        return summaries().size() - passed();
    }

    /** The report of one test, by name. */
    public TestReport test(String name) {
        return tests.stream()
                .filter(t -> t.name().equals(name))
                .findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no test named '" + name + "' in " + resultsDir));
    }
}
