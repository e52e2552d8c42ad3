package org.maestro.reporter.compute;

import java.util.Map;
import org.HdrHistogram.Histogram;
import org.maestro.reporter.TestSummary;

/**
 * What {@link IterationAnalyzer} found in one test iteration.
 *
 * @param summary the figures and the verdict
 * @param distributions the measured values of each latency metric, all peers merged, by file name
 *                      ({@code response-time.hgrm} …); only the metrics that were recorded
 * @param series the figures over time, for the charts
 */
public record IterationAnalysis(TestSummary summary, Map<String, Histogram> distributions, IterationSeries series) {}
