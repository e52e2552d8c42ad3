package org.maestro.inspector;

/**
 * The figures of an {@link InspectionPoller}.
 *
 * @param polls polls done (whether they succeeded or not)
 * @param errors polls that failed, in whole or in part
 * @param skippedTicks ticks that came while the previous poll was still running and so polled nothing
 * @param lastError the message of the last failure, or {@code ""}
 */
public record PollerStats(long polls, long errors, long skippedTicks, String lastError) {
    /** No polls yet. */
    public static final PollerStats NONE = new PollerStats(0, 0, 0, "");

    /** The figures of several pollers together; the last error is the last non-empty one. */
    public static PollerStats sum(java.util.Collection<PollerStats> all) {
        long polls = 0;
        long errors = 0;
        long skipped = 0;
        String last = "";
        for (PollerStats stats : all) {
            polls += stats.polls();
            errors += stats.errors();
            skipped += stats.skippedTicks();
            last = stats.lastError().isEmpty() ? last : stats.lastError();
        }
        return new PollerStats(polls, errors, skipped, last);
    }
}
