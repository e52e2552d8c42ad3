package org.maestro.reporter.study;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import org.apache.commons.math3.distribution.TDistribution;
import org.apache.commons.math3.stat.descriptive.DescriptiveStatistics;

/**
 * The mean of one statistic over a cell's repeats with its 95% confidence interval (Student's t with n − 1 degrees of
 * freedom: mean ± t(0.975, n−1) · s / √n), and the quartiles for a box plot.
 *
 * @param n      how many repeats had a value
 * @param mean   their mean; null when none had a value
 * @param low    the interval's lower end; null with fewer than two values
 * @param high   the interval's upper end; null with fewer than two values
 * @param values the values, in the order of the repeats
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Estimate(int n, Double mean, Double low, Double high, List<Double> values) {

    /** The confidence level of the interval. */
    public static final double CONFIDENCE = 0.95;

    /** The estimate of the given values; null values (not known in a run) are left out. */
    public static Estimate of(List<Double> values) {
        double[] known = values.stream()
                .filter(Objects::nonNull)
                .mapToDouble(Double::doubleValue)
                .toArray();
        List<Double> kept = Arrays.stream(known).boxed().toList();
        if (known.length == 0) {
            return new Estimate(0, null, null, null, kept);
        }
        DescriptiveStatistics statistics = new DescriptiveStatistics(known);
        double mean = statistics.getMean();
        if (known.length < 2) {
            return new Estimate(known.length, mean, null, null, kept);
        }
        double t = new TDistribution(known.length - 1).inverseCumulativeProbability(1 - (1 - CONFIDENCE) / 2);
        double half = t * statistics.getStandardDeviation() / Math.sqrt(known.length);
        return new Estimate(known.length, mean, mean - half, mean + half, kept);
    }

    /** Minimum, first quartile, median, third quartile and maximum of the values; empty without values. */
    public double[] fiveNumbers() {
        if (values.isEmpty()) {
            return new double[0];
        }
        DescriptiveStatistics statistics = new DescriptiveStatistics(
                values.stream().mapToDouble(Double::doubleValue).toArray());
        return new double[] {
            statistics.getMin(),
            statistics.getPercentile(25),
            statistics.getPercentile(50),
            statistics.getPercentile(75),
            statistics.getMax()
        };
    }
}
