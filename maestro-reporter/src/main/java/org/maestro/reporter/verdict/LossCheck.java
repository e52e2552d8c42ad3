package org.maestro.reporter.verdict;

import java.util.Locale;
import org.maestro.common.options.InvalidOptionException;
import org.maestro.common.options.LossLimit;
import org.maestro.reporter.MessageCounts;

/**
 * Judges the loss of a test iteration against its MAXIMUM_LOSS, as every verdict does: the test fails when more
 * messages were lost than the limit allows, or when the loss is unknown (a sender's or a receiver's counts are
 * missing), whatever the limit.
 *
 * @param held true when the loss is known and within the limit
 * @param text what was found, in words: {@code lost 0 of 12,000 messages (MAXIMUM_LOSS 0)}
 */
public record LossCheck(boolean held, String text) {

    /**
     * Judges the counts.
     *
     * @param maximumLoss the MAXIMUM_LOSS the peers ran with (their test.properties; several values joined by
     *                    {@code " | "}, of which the strictest applies); null or blank for the default, 0
     */
    public static LossCheck judge(MessageCounts counts, String maximumLoss) {
        LossLimit limit;
        try {
            limit = strictest(maximumLoss);
        } catch (InvalidOptionException e) {
            return new LossCheck(false, "the loss cannot be judged: " + e.getMessage());
        }
        String name = "MAXIMUM_LOSS " + limit;
        if (counts.lost() == null || counts.sent() == null) {
            return new LossCheck(
                    false,
                    "lost messages unknown ("
                            + (counts.unknownReason() == null ? "a peer's counts are missing" : counts.unknownReason())
                            + "); " + name + " needs every sender's and receiver's counts");
        }
        long lost = counts.lost();
        long sent = counts.sent();
        String found = String.format(
                Locale.ROOT,
                "lost %,d of %,d message%s%s",
                lost,
                sent,
                sent == 1 ? "" : "s",
                lost > 0 && sent > 0 ? String.format(Locale.ROOT, " (%.3f%%)", lost * 100.0 / sent) : "");
        if (limit.allows(lost, sent)) {
            return new LossCheck(true, found + (lost == 0 ? " (" + name + ")" : ", within " + name));
        }
        return new LossCheck(false, found + ", more than " + name + " allows (" + limit.describe() + ")");
    }

    private static LossLimit strictest(String maximumLoss) {
        if (maximumLoss == null || maximumLoss.isBlank()) {
            return LossLimit.NONE;
        }
        LossLimit strictest = null;
        for (String value : maximumLoss.split("\\|")) {
            LossLimit limit = LossLimit.parse(value.trim());
            if (strictest == null || stricter(limit, strictest)) {
                strictest = limit;
            }
        }
        return strictest;
    }

    /** A count is stricter than any percentage but 0%; among like limits the smaller is. */
    private static boolean stricter(LossLimit a, LossLimit b) {
        if (a.percent() == b.percent()) {
            return a.value().compareTo(b.value()) < 0;
        }
        LossLimit percentage = a.percent() ? a : b;
        boolean percentageStricter = percentage.value().signum() == 0;
        return a.percent() == percentageStricter;
    }
}
