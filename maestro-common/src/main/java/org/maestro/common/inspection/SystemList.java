package org.maestro.common.inspection;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The systems one inspector peer inspects, as START_INSPECTOR's text carries them: a first line
 * {@value #HEADER}, then one line per system, {@code name<TAB>kind<TAB>url} (kind empty: the inspector that claims
 * the URL). A text without that first line is the older form, an inspector's name. What arrives is bounded and checked
 * here before anything is started: at most {@value #MAX_SYSTEMS} systems, each valid ({@link SystemToInspect}), no
 * name twice.
 */
public final class SystemList {
    /** The first line of the list form. */
    public static final String HEADER = "maestro-inspect v1";
    /** The most systems one inspector peer takes. */
    public static final int MAX_SYSTEMS = 32;
    /** How an inspector peer's refusal names each system that could not start: this, its name and a quote. */
    public static final String FAILURE_PREFIX = "inspected system '";
    /** The longest text taken. */
    public static final int MAX_TEXT = MAX_SYSTEMS * (SystemToInspect.MAX_URL + 128) + HEADER.length();

    private SystemList() {}

    /** True when START_INSPECTOR's text is a list of systems rather than an inspector's name. */
    public static boolean isList(String text) {
        return text.startsWith(HEADER);
    }

    /** The text of a list of systems. */
    public static String encode(List<SystemToInspect> systems) {
        StringBuilder text = new StringBuilder(HEADER);
        for (SystemToInspect system : systems) {
            text.append('\n')
                    .append(system.name())
                    .append('\t')
                    .append(system.kind())
                    .append('\t')
                    .append(system.url());
        }
        return text.toString();
    }

    /**
     * The systems of a text made by {@link #encode}.
     *
     * @throws IllegalArgumentException naming what is wrong: too long, too many, a malformed line, a name twice
     */
    public static List<SystemToInspect> decode(String text) {
        if (text.length() > MAX_TEXT) {
            throw new IllegalArgumentException(
                    "the list of inspected systems has " + text.length() + " characters, more than " + MAX_TEXT);
        }
        String[] lines = text.split("\n", -1);
        if (!lines[0].equals(HEADER)) {
            throw new IllegalArgumentException("the list of inspected systems does not start with '" + HEADER + "'");
        }
        if (lines.length - 1 > MAX_SYSTEMS) {
            throw new IllegalArgumentException("the list names " + (lines.length - 1) + " inspected systems, more than "
                    + MAX_SYSTEMS + " for one inspector peer: start more inspector peers");
        }
        if (lines.length == 1) {
            throw new IllegalArgumentException("the list of inspected systems is empty");
        }
        List<SystemToInspect> systems = new ArrayList<>();
        Set<String> names = new HashSet<>();
        for (int i = 1; i < lines.length; i++) {
            String[] fields = lines[i].split("\t", -1);
            if (fields.length != 3) {
                throw new IllegalArgumentException("line " + (i + 1) + " of the list of inspected systems has "
                        + fields.length + " fields, not 3 (name, kind, URL separated by tabs)");
            }
            SystemToInspect system = new SystemToInspect(fields[0], fields[1], fields[2]);
            if (!names.add(system.name())) {
                throw new IllegalArgumentException("the inspected system name " + system.name() + " is given twice");
            }
            systems.add(system);
        }
        return List.copyOf(systems);
    }
}
