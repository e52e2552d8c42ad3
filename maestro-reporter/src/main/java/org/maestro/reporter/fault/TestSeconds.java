package org.maestro.reporter.fault;

import java.util.Map;

/**
 * What the faults of an iteration are measured against: when the test started, warmed up and ended its measured part,
 * and, per second (epoch ms of the second's end, as the charts count them), what the receivers received and the p99
 * of their response times.
 *
 * @param testStart epoch ms the test started, 0 when unknown
 * @param warmupEnd epoch ms the warm-up ended, 0 without one
 * @param measuredEnd epoch ms the measured part ended: the senders' measured end, else the test's end
 * @param received the messages all receivers received in each second, every copy
 * @param p99Micros the p99 response time of each second with values, every receiver's intervals merged, µs
 */
public record TestSeconds(
        long testStart, long warmupEnd, long measuredEnd, Map<Long, Long> received, Map<Long, Long> p99Micros) {}
