package org.maestro.reporter;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;

/**
 * What one agent action cost the load: the receivers' longest silence it caused, how long the throughput and the
 * response-time p99 took to come back to their levels before it, the messages refused, vanished and duplicated around
 * it and the p99 during it against before it. Defined in docs/reporting.md, "What each fault cost"; one element of an
 * iteration's {@code faults} in summary.json.
 *
 * @param agent the agent that ran the action
 * @param action the action's command, e.g. {@code restart 2}
 * @param start epoch ms the action started
 * @param end epoch ms it ended
 * @param until epoch ms the fault's interval ends: {@code min(end + 10 s, next action's start, measured end)}
 * @param gapSeconds the longest time a receiver received nothing, the silence starting within the interval; 0 when
 *     none; null when no receiver received anything in the 10 s before the action
 * @param gapResolution {@code recorded} (from receive-gaps.csv, µs) or {@code per-second} (from rate.csv)
 * @param gapOngoing true when that silence had not ended at the measured end (at least {@code gapSeconds})
 * @param throughputBefore the receivers' mean rate over the baseline, msg/s; null without a baseline
 * @param throughputRecovery {@link FaultText#RECOVERED}, {@link FaultText#NOT_RECOVERED} or {@link FaultText#NO_BASELINE}
 * @param throughputRecoverySeconds seconds from the action's start until the throughput was back; null unless
 *     recovered
 * @param throughputReached the mean rate of the last 3 seconds searched when not recovered, msg/s; null otherwise
 * @param p99Before the response-time p99 over the baseline, ms; null without latencies there
 * @param p99During the response-time p99 over the fault's interval, ms; null without latencies there
 * @param p99Recovery {@link FaultText#RECOVERED}, {@link FaultText#NOT_RECOVERED} or {@link FaultText#NO_BASELINE}
 * @param p99RecoverySeconds seconds from the action's start until the per-second p99 was back; null unless recovered
 * @param p99Reached the highest per-second p99 of the last 3 seconds searched when not recovered, ms; null otherwise
 * @param refused send attempts not accepted within the interval (the senders' per-second outcomes); null when the
 *     senders did not count outcomes
 * @param vanished messages attributed as vanished (per-second deficit, capped by the test's vanished); null when the
 *     test's vanished is unknown
 * @param duplicates copies attributed to the interval (per-second excess, capped by the test's duplicates)
 */
@JsonIgnoreProperties(ignoreUnknown = true)
@JsonPropertyOrder({
    "agent",
    "action",
    "start",
    "end",
    "until",
    "gapSeconds",
    "gapResolution",
    "gapOngoing",
    "throughputBefore",
    "throughputRecovery",
    "throughputRecoverySeconds",
    "throughputReached",
    "p99Before",
    "p99During",
    "p99Recovery",
    "p99RecoverySeconds",
    "p99Reached",
    "refused",
    "vanished",
    "duplicates"
})
public record FaultCost(
        String agent,
        String action,
        long start,
        long end,
        long until,
        Double gapSeconds,
        String gapResolution,
        boolean gapOngoing,
        Double throughputBefore,
        String throughputRecovery,
        Double throughputRecoverySeconds,
        @JsonInclude(JsonInclude.Include.NON_NULL) Double throughputReached,
        Double p99Before,
        Double p99During,
        String p99Recovery,
        Double p99RecoverySeconds,
        @JsonInclude(JsonInclude.Include.NON_NULL) Double p99Reached,
        Long refused,
        Long vanished,
        long duplicates) {}
