package org.maestro.reporter.study;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.maestro.base.net.UrlRedactor;
import org.maestro.common.files.JsonFile;

/**
 * The state of a study (a matrix of cells × repeats, every run an iteration of one test), kept in
 * {@code <results>/<test>/study-state.json} and rewritten after each finished run, so that an interrupted study can
 * be resumed and reported.
 *
 * <p>Cells are numbered in the order of the dimensions as written, the last dimension varying fastest. Runs go in
 * rounds: round 1 runs every cell once, in cell order, then round 2, and so on, so that a drift of the machine over
 * time spreads over all cells instead of falling on the last ones.
 *
 * @param formatVersion {@link #FORMAT_VERSION}
 * @param test the test name: every run is an iteration of it
 * @param dimensions the dimensions, in the order written
 * @param repeats how many times each cell runs
 * @param heatMap the two dimensions the lost-percent heat map spans (empty: the first two)
 * @param runs the finished runs, in the order they finished
 * @param spread the statistic whose spread over the repeats the report's box plot shows (null: throughput)
 */
@JsonIgnoreProperties(ignoreUnknown = true)
@JsonInclude(JsonInclude.Include.NON_NULL)
public record StudyState(
        int formatVersion,
        String test,
        List<Dimension> dimensions,
        int repeats,
        List<String> heatMap,
        List<Run> runs,
        String spread) {

    /** File name of the state in the test directory. */
    public static final String FILE_NAME = "study-state.json";
    /** Version of the state format written here. */
    public static final int FORMAT_VERSION = 1;

    private static final JsonFile<StudyState> FILE =
            new JsonFile<>(FILE_NAME, StudyState.class, "a valid study state", "");

    /**
     * One dimension of the matrix.
     *
     * @param name      as the script wrote it (a test parameter such as {@code rate}, or a name of its own)
     * @param parameter the test parameter it sets ({@code RATE}), null for a dimension only the script reads
     * @param values    its values as text, in the order written
     */
    @JsonIgnoreProperties(ignoreUnknown = true)
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Dimension(String name, String parameter, List<String> values) {}

    /**
     * One finished run.
     *
     * @param cell      the cell's number (0-based, see the class comment)
     * @param repeat    the repeat (1-based)
     * @param iteration the iteration of the test it ran as
     * @param outcome   {@code success}, {@code failure} or {@code unknown}
     */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Run(int cell, int repeat, int iteration, String outcome) {}

    /** A state whose box plot shows the throughput. */
    public StudyState(
            int formatVersion,
            String test,
            List<Dimension> dimensions,
            int repeats,
            List<String> heatMap,
            List<Run> runs) {
        this(formatVersion, test, dimensions, repeats, heatMap, runs, null);
    }

    public StudyState {
        dimensions = List.copyOf(dimensions);
        heatMap = heatMap == null ? List.of() : List.copyOf(heatMap);
        runs = runs == null ? List.of() : List.copyOf(runs);
    }

    /** The number of cells: the product of the dimensions' sizes (1 without dimensions). */
    @JsonIgnore
    public int cellCount() {
        long count = 1;
        for (Dimension dimension : dimensions) {
            count *= dimension.values().size();
        }
        return (int) Math.min(Integer.MAX_VALUE, count);
    }

    /** The number of runs of the whole study: cells × repeats. */
    @JsonIgnore
    public long runCount() {
        return (long) cellCount() * repeats;
    }

    /** The values of a cell by dimension name, in the order of the dimensions. */
    public Map<String, String> cellValues(int cell) {
        Map<String, String> values = new LinkedHashMap<>();
        int[] indexes = new int[dimensions.size()];
        int rest = cell;
        for (int d = dimensions.size() - 1; d >= 0; d--) {
            int size = dimensions.get(d).values().size();
            indexes[d] = rest % size;
            rest /= size;
        }
        for (int d = 0; d < dimensions.size(); d++) {
            values.put(dimensions.get(d).name(), dimensions.get(d).values().get(indexes[d]));
        }
        return values;
    }

    /** A cell as one line, without credentials: {@code rate=100 messageSize=256}; {@code all} without dimensions. */
    public String cellLabel(int cell) {
        List<String> parts = new ArrayList<>();
        cellValues(cell).forEach((name, value) -> parts.add(name + "=" + UrlRedactor.redactPassword(value)));
        return parts.isEmpty() ? "all" : String.join(" ", parts);
    }

    /** The finished run of a cell and repeat, if any. */
    public Optional<Run> finished(int cell, int repeat) {
        return runs.stream()
                .filter(r -> r.cell() == cell && r.repeat() == repeat)
                .findFirst();
    }

    /** True when every run finished. */
    @JsonIgnore
    public boolean complete() {
        return runs.size() >= runCount();
    }

    /** This state with one more finished run. */
    public StudyState with(Run run) {
        List<Run> more = new ArrayList<>(runs);
        more.add(run);
        return new StudyState(formatVersion, test, dimensions, repeats, heatMap, more, spread);
    }

    /**
     * What differs between the matrix of this state and another one (dimensions, their values and order, repeats),
     * one phrase per difference; empty when they are the same study.
     */
    public List<String> differencesFrom(StudyState other) {
        List<String> differences = new ArrayList<>();
        Map<String, Dimension> mine = byName(dimensions);
        Map<String, Dimension> theirs = byName(other.dimensions);
        for (Dimension dimension : dimensions) {
            Dimension counterpart = theirs.get(dimension.name());
            if (counterpart == null) {
                differences.add("dimension " + dimension.name() + " " + String.join(", ", dimension.values())
                        + " was not in the study");
            } else if (!counterpart.values().equals(dimension.values())) {
                differences.add(dimension.name() + " " + String.join(", ", dimension.values()) + " instead of "
                        + String.join(", ", counterpart.values()));
            }
        }
        for (Dimension dimension : other.dimensions) {
            if (!mine.containsKey(dimension.name())) {
                differences.add(
                        "dimension " + dimension.name() + " " + String.join(", ", dimension.values()) + " is missing");
            }
        }
        if (differences.isEmpty() && !names(dimensions).equals(names(other.dimensions))) {
            differences.add("dimensions in the order " + String.join(", ", names(dimensions)) + " instead of "
                    + String.join(", ", names(other.dimensions)));
        }
        if (repeats != other.repeats) {
            differences.add("repeat " + repeats + " instead of " + other.repeats);
        }
        return differences;
    }

    private static Map<String, Dimension> byName(List<Dimension> dimensions) {
        Map<String, Dimension> map = new LinkedHashMap<>();
        dimensions.forEach(d -> map.put(d.name(), d));
        return map;
    }

    private static List<String> names(List<Dimension> dimensions) {
        return dimensions.stream().map(Dimension::name).toList();
    }

    /**
     * Writes {@code <testDir>/study-state.json} atomically (a reader never sees half a state), its values without
     * credentials ({@link #redacted()}).
     */
    public Path write(Path testDir) throws IOException {
        return FILE.write(testDir, redacted());
    }

    /**
     * This state with every dimension value shown without credentials ({@link UrlRedactor#redactPassword}): what
     * is written and shown. A study's values are compared in this form when it is resumed.
     */
    public StudyState redacted() {
        List<Dimension> shown = dimensions.stream()
                .map(d -> new Dimension(
                        d.name(),
                        d.parameter(),
                        d.values().stream().map(UrlRedactor::redactPassword).toList()))
                .toList();
        return new StudyState(formatVersion, test, shown, repeats, heatMap, runs, spread);
    }

    /** The state in a test directory, if it holds one. */
    public static Optional<StudyState> read(Path testDir) throws IOException {
        Optional<StudyState> state = FILE.read(testDir);
        if (state.isPresent() && state.get().formatVersion() > FORMAT_VERSION) {
            throw new IOException(
                    FILE.in(testDir) + " has study state format v" + state.get().formatVersion()
                            + "; this version reads up to v" + FORMAT_VERSION + " (upgrade Maestro)");
        }
        return state;
    }
}
