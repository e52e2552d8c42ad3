package org.maestro.reporter.fault;

/**
 * The whole seconds of a stretch of time, known by the epoch ms of their ends, both ends included: the seconds of the
 * rate rows and latency intervals, a row or interval belonging to the second its end rounds to.
 *
 * @param firstEnd the end of the first second
 * @param lastEnd the end of the last second; before {@code firstEnd} when the range is empty
 */
public record SecondRange(long firstEnd, long lastEnd) {

    /** The seconds wholly within {@code [from, to]}. */
    public static SecondRange within(long from, long to) {
        return new SecondRange(Recovery.ceilSecond(from) + 1000, Recovery.floorSecond(to));
    }

    /** The seconds that overlap {@code (from, to)}: that end after {@code from} and begin before {@code to}. */
    public static SecondRange overlapping(long from, long to) {
        return new SecondRange(Recovery.floorSecond(from) + 1000, Recovery.floorSecond(to - 1) + 1000);
    }

    /** The second an end timestamp (epoch ms) belongs to, as the charts count it. */
    public static long secondOf(long endMillis) {
        return Math.round(endMillis / 1000.0) * 1000;
    }

    /** True when it holds no second. */
    public boolean isEmpty() {
        return lastEnd < firstEnd;
    }

    /** The number of seconds. */
    public int seconds() {
        return isEmpty() ? 0 : (int) ((lastEnd - firstEnd) / 1000 + 1);
    }

    /** True when the second ending at {@code secondEnd} is one of them. */
    public boolean contains(long secondEnd) {
        return secondEnd >= firstEnd && secondEnd <= lastEnd;
    }
}
