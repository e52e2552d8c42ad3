package org.maestro.reporter;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.List;

/**
 * The figures of one flow of a test iteration of several flows, the same as the iteration's in total but over the
 * flow's peers only (those whose test.properties say {@code FLOW=<flow>}): the counts of all flows add up to the
 * iteration's, and so do their rates, taken over the iteration's measured window. One entry of summary.json's
 * {@code flows} (docs/reporting.md); immutable.
 *
 * @param messages the flow's message accounting
 * @param rate the flow's sender and receiver rates over the iteration's measured window
 * @param latency the flow's latency percentiles
 * @param senders the flow's senders, by peer name
 * @param receivers the flow's receivers, by peer name
 * @param lossHeld true when the flow's loss is known and within its MAXIMUM_LOSS
 * @param loss the flow's loss against its MAXIMUM_LOSS, in words
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
@JsonPropertyOrder({"messages", "rate", "latency", "senders", "receivers", "lossHeld", "loss"})
public record FlowSummary(
        MessageCounts messages,
        TestSummary.Rates rate,
        TestSummary.Latencies latency,
        List<String> senders,
        List<String> receivers,
        boolean lossHeld,
        String loss) {}
