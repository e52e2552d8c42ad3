package org.maestro.reporter.compute;

import java.util.List;
import java.util.Map;
import org.maestro.common.files.health.HealthLog;
import org.maestro.common.files.rate.RateLog;

/**
 * What an iteration's figures are made of over time, for its charts.
 *
 * @param window when the test ran, its warm-up and measured window
 * @param senders each sender's rate rows, by peer name
 * @param receivers each receiver's rate rows, by peer name
 * @param senderTotals the senders' rows added per second
 * @param receiverTotals the receivers' rows added per second
 * @param allTotals every peer's rows added per second (their errors)
 * @param latencies the latency logs merged
 * @param dataSets the inspectors' data sets
 * @param health each sender's and receiver's health rows, by peer name (none for results without health files)
 * @param backlog the backlog over time, per flow
 */
public record IterationSeries(
        TestWindow window,
        Map<String, List<RateLog.Row>> senders,
        Map<String, List<RateLog.Row>> receivers,
        List<RateAggregation.Second> senderTotals,
        List<RateAggregation.Second> receiverTotals,
        List<RateAggregation.Second> allTotals,
        IterationLatencies latencies,
        List<InspectorDataSet> dataSets,
        Map<String, List<HealthLog.Row>> health,
        BacklogAnalysis.Result backlog) {}
