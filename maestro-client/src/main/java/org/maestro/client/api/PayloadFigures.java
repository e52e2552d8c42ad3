package org.maestro.client.api;

import java.util.Map;
import org.maestro.reporter.RateStats;
import org.maestro.reporter.TestSummary;

/**
 * The payload figures of a test's result, when its peers counted the body bytes: the headline byte rate
 * ({@code bytesPerSecond}: the receivers', else the senders') and the mean size of a measured message sent
 * ({@code meanMessageBytes}; the received one when no sender counted it).
 */
final class PayloadFigures {
    private PayloadFigures() {}

    /** Adds the figures the summary has. */
    static void put(Map<String, Number> figures, TestSummary summary) {
        RateStats sender = summary.rate().sender();
        RateStats receiver = summary.rate().receiver();
        RateStats headline = summary.rate().receiversCounted() ? receiver : sender;
        if (headline != null && headline.bytesPerSecond() != null) {
            figures.put("bytesPerSecond", headline.bytesPerSecond());
        }
        if (sender != null && sender.meanSize() != null) {
            figures.put("meanMessageBytes", sender.meanSize());
        } else if (receiver != null && receiver.meanSize() != null) {
            figures.put("meanMessageBytes", receiver.meanSize());
        }
    }
}
