package org.maestro.common.options;

import java.util.Arrays;
import java.util.List;

/**
 * The files whose contents are the message bodies (PAYLOAD_FILES): plain file names in the worker's payload
 * directory, used in turn ({@code a.json,b.json}) or drawn by their shares ({@code a.json:70%,b.json:30%}). A name
 * is 1-255 letters, digits, '.', '_' or '-', without '..': it can name no file outside the directory.
 *
 * @param names the file names, in the order written
 * @param shares the names with their shares, or null when they are used in turn
 */
public record PayloadFiles(List<String> names, ShareTable<String> shares) {
    /** The accepted forms, for error messages. */
    public static final String FORMS = "file names in the worker's payload directory (--payload-dir), used in turn"
            + " such as order.json,invoice.json, or drawn by shares adding to 100% such as"
            + " order.json:70%,invoice.json:30% (names of letters, digits, '.', '_', '-', without '/' or '..')";

    /** The most files a test names. */
    public static final int MAX_FILES = ShareTable.MAX_VALUES;

    public PayloadFiles {
        names = List.copyOf(names);
    }

    /** Parses the option's value. */
    public static PayloadFiles parse(String text) {
        String value = text == null ? "" : text.trim();
        if (ShareTable.isShareList(value)) {
            ShareTable<String> shares = ShareTable.parse("PAYLOAD_FILES", value, FORMS, PayloadFiles::name);
            return new PayloadFiles(shares.values(), shares);
        }
        List<String> names =
                Arrays.stream(value.split(",", -1)).map(String::trim).toList();
        if (names.size() > MAX_FILES) {
            throw new InvalidOptionException("PAYLOAD_FILES", text, "more than " + MAX_FILES + " files", FORMS);
        }
        for (String name : names) {
            try {
                name(name);
            } catch (IllegalArgumentException e) {
                throw new InvalidOptionException("PAYLOAD_FILES", text, e.getMessage(), FORMS);
            }
        }
        if (names.stream().distinct().count() < names.size()) {
            throw new InvalidOptionException("PAYLOAD_FILES", text, "a file is listed twice", FORMS);
        }
        return new PayloadFiles(names, null);
    }

    /** Checks a plain file name: no directory, no way out of the payload directory. */
    static String name(String name) {
        if (name.isEmpty()) {
            throw new IllegalArgumentException("a file name is empty");
        }
        if (name.contains("/") || name.contains("\\")) {
            throw new IllegalArgumentException(
                    "'" + name + "' is a path: give a plain file name in the payload" + " directory");
        }
        if (name.contains("..")) {
            throw new IllegalArgumentException("'" + name + "' contains '..'");
        }
        if (!name.matches("[A-Za-z0-9._-]{1,255}")) {
            throw new IllegalArgumentException(
                    "'" + name + "' is not a file name of 1-255 letters, digits, '.', '_' or '-'");
        }
        return name;
    }
}
