package org.maestro.client.study;

import groovy.lang.GroovyObjectSupport;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What the test closure of {@code maestro.matrix} is given for each run: the cell's value of every dimension (by its
 * name, as {@code cell.rate} or {@code cell.mode}), the repeat and the cell's number.
 *
 * <pre>{@code
 * test { cell -> duration cell.mode == "long" ? "30s" : "5s" }
 * }</pre>
 */
public final class StudyCell extends GroovyObjectSupport {
    private final int index;
    private final int repeat;
    private final Map<String, Object> values;

    /**
     * @param index  the cell's number, 1-based
     * @param repeat the repeat, 1-based
     * @param values the value of each dimension, in the order of the dimensions
     */
    public StudyCell(int index, int repeat, Map<String, Object> values) {
        this.index = index;
        this.repeat = repeat;
        this.values = Collections.unmodifiableMap(new LinkedHashMap<>(values));
    }

    /** The cell's number, 1-based, in the order of the study. */
    public int getIndex() {
        return index;
    }

    /** The repeat, 1-based. */
    public int getRepeat() {
        return repeat;
    }

    /** The value of every dimension. */
    public Map<String, Object> getValues() {
        return values;
    }

    /** The value of a dimension; a name that is no dimension is refused, naming the dimensions. */
    public Object get(String dimension) {
        if (!values.containsKey(dimension)) {
            throw new IllegalArgumentException("the study has no dimension '" + dimension + "'; its dimensions are "
                    + String.join(", ", values.keySet()));
        }
        return values.get(dimension);
    }

    @Override
    public Object getProperty(String name) {
        if (values.containsKey(name)) {
            return values.get(name);
        }
        return switch (name) {
            case "index" -> index;
            case "repeat" -> repeat;
            case "values" -> values;
            default -> get(name);
        };
    }

    @Override
    public String toString() {
        return "cell " + index + " " + values + " repeat " + repeat;
    }
}
