package org.maestro.reporter.build;

import java.nio.file.Path;
import java.util.List;
import org.maestro.reporter.TestSummary;

/**
 * The report files written for one test and the summaries of its iterations.
 *
 * @param name test name
 * @param dir test directory
 * @param page the test's page ({@code index.html} in its directory)
 * @param summaryJson its summary.json
 * @param junitXml its junit.xml
 * @param iterations one summary per iteration, by iteration number
 */
public record TestReport(
        String name, Path dir, Path page, Path summaryJson, Path junitXml, List<TestSummary> iterations) {

    /** The page of one iteration. */
    public Path iterationPage(int iteration) {
        return dir.resolve(org.maestro.reporter.html.IterationPage.fileName(iteration));
    }
}
