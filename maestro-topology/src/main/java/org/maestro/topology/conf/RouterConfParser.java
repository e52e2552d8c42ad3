package org.maestro.topology.conf;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads the section/attribute structure of a {@code qdrouterd.conf}, the way {@code qdrouterd}
 * reads it: {@code #} starts a comment that runs to the end of the line, {@code word {} opens a
 * section, {@code }} closes it, and each {@code word: value} line inside is one attribute whose
 * value runs to the end of the line.
 *
 * <p>It checks structure only (balanced braces, attributes inside sections, no repeated
 * attribute); which attributes a section accepts is checked by the caller.
 */
public final class RouterConfParser {

    private static final Pattern OPEN = Pattern.compile("([A-Za-z][A-Za-z0-9_-]*)\\s*\\{\\s*");
    private static final Pattern ATTRIBUTE = Pattern.compile("([A-Za-z][A-Za-z0-9_-]*)\\s*:\\s*(.*?)\\s*");

    private RouterConfParser() {}

    /** Parses the file at {@code file}. */
    public static RouterConf parse(Path file) throws IOException, ConfSyntaxException {
        return parse(file.toString(), Files.readString(file, StandardCharsets.UTF_8));
    }

    /** Parses {@code text}; {@code source} names it in error messages. */
    public static RouterConf parse(String source, String text) throws ConfSyntaxException {
        List<ConfSection> sections = new ArrayList<>();
        String open = null;
        int openLine = 0;
        Map<String, String> attributes = new LinkedHashMap<>();
        String[] lines = text.split("\r?\n", -1);
        for (int i = 0; i < lines.length; i++) {
            int lineNo = i + 1;
            String line = stripComment(lines[i]).strip();
            if (line.isEmpty()) {
                continue;
            }
            Matcher openMatch = OPEN.matcher(line);
            if (openMatch.matches()) {
                if (open != null) {
                    throw new ConfSyntaxException(
                            source,
                            lineNo,
                            "section '" + openMatch.group(1)
                                    + "' opens inside section '" + open + "' (opened on line " + openLine
                                    + "); close '" + open + "' with '}' first");
                }
                open = openMatch.group(1);
                openLine = lineNo;
                attributes = new LinkedHashMap<>();
                continue;
            }
            if (line.equals("}")) {
                if (open == null) {
                    throw new ConfSyntaxException(source, lineNo, "'}' closes no section; remove it");
                }
                sections.add(new ConfSection(open, attributes, openLine));
                open = null;
                continue;
            }
            Matcher attributeMatch = ATTRIBUTE.matcher(line);
            if (attributeMatch.matches()) {
                String name = attributeMatch.group(1);
                if (open == null) {
                    throw new ConfSyntaxException(
                            source,
                            lineNo,
                            "attribute '" + name
                                    + "' is outside any section; put it inside a section such as 'listener { ... }'");
                }
                if (attributeMatch.group(2).isEmpty()) {
                    throw new ConfSyntaxException(
                            source,
                            lineNo,
                            "attribute '" + name + "' in section '" + open + "' has no value; write '" + name
                                    + ": <value>'");
                }
                if (attributes.containsKey(name)) {
                    throw new ConfSyntaxException(
                            source,
                            lineNo,
                            "attribute '" + name + "' appears twice in section '" + open + "' (opened on line "
                                    + openLine + "); keep one");
                }
                attributes.put(name, attributeMatch.group(2));
                continue;
            }
            throw new ConfSyntaxException(
                    source, lineNo, "cannot read '" + line + "'; expected 'section {', 'attribute: value' or '}'");
        }
        if (open != null) {
            throw new ConfSyntaxException(source, openLine, "section '" + open + "' is never closed; add '}'");
        }
        return new RouterConf(sections);
    }

    private static String stripComment(String line) {
        int hash = line.indexOf('#');
        return hash < 0 ? line : line.substring(0, hash);
    }
}
