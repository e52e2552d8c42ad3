package org.maestro.topology.conf;

import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Writes a {@link RouterConf} in the section/attribute syntax {@code qdrouterd} reads.
 *
 * <pre>{@code
 * # comment
 * router {
 *     mode: interior
 *     id: router1
 * }
 * }</pre>
 *
 * <p>{@code qdrouterd} treats everything after a {@code #} as a comment and reads a value up to
 * the end of its line, so values containing {@code #} or a line break cannot be written and are
 * rejected.
 */
public final class RouterConfWriter {

    static final Pattern NAME = Pattern.compile("[A-Za-z][A-Za-z0-9_-]*");

    private RouterConfWriter() {}

    /** The file text: {@code header} lines as comments, then each section, separated by blank lines. */
    public static String write(List<String> header, RouterConf conf) {
        StringBuilder out = new StringBuilder();
        for (String line : header) {
            checkValue("header", line);
            out.append(line.isEmpty() ? "#" : "# " + line).append('\n');
        }
        for (ConfSection section : conf.sections()) {
            if (out.length() > 0) {
                out.append('\n');
            }
            writeSection(out, section);
        }
        return out.toString();
    }

    private static void writeSection(StringBuilder out, ConfSection section) {
        if (!NAME.matcher(section.name()).matches()) {
            throw new IllegalArgumentException("section name '" + section.name() + "' is not a word");
        }
        out.append(section.name()).append(" {\n");
        for (Map.Entry<String, String> attribute : section.attributes().entrySet()) {
            if (!NAME.matcher(attribute.getKey()).matches()) {
                throw new IllegalArgumentException(
                        "attribute name '" + attribute.getKey() + "' in section " + section.name() + " is not a word");
            }
            checkValue(section.name() + "." + attribute.getKey(), attribute.getValue());
            out.append("    ")
                    .append(attribute.getKey())
                    .append(": ")
                    .append(attribute.getValue())
                    .append('\n');
        }
        out.append("}\n");
    }

    /** Throws if {@code value} cannot be written as one attribute value; {@code what} names it. */
    public static void checkValue(String what, String value) {
        String problem = valueProblem(value);
        if (problem != null) {
            throw new IllegalArgumentException(what + ": " + problem);
        }
    }

    /** Why {@code value} cannot be written as an attribute value, or null when it can. */
    public static String valueProblem(String value) {
        if (value == null) {
            return "value is missing";
        }
        if (value.indexOf('#') >= 0) {
            return "value '" + value + "' contains '#', which qdrouterd reads as the start of a comment";
        }
        if (value.indexOf('\n') >= 0 || value.indexOf('\r') >= 0) {
            return "value contains a line break; qdrouterd reads a value up to the end of its line";
        }
        return null;
    }
}
