package org.maestro.agent.run;

import java.util.List;
import java.util.Objects;

/**
 * A USER_COMMAND_1 command string split into the handler name and its arguments, e.g. {@code shutdown 60} into
 * {@code shutdown} and {@code [60]}.
 *
 * @param text the command as received
 * @param name the handler name: the first word
 * @param args the remaining words, quotes removed
 */
public record ParsedCommand(String text, String name, List<String> args) {
    public ParsedCommand {
        Objects.requireNonNull(text, "text");
        Objects.requireNonNull(name, "name");
        args = List.copyOf(args);
    }

    /**
     * Splits a command string into words the way a POSIX shell splits a simple command, without running one:
     * words are separated by blanks; {@code '…'} keeps its content as is, {@code "…"} keeps it but for
     * {@code \"} and {@code \\}, and a backslash outside quotes keeps the next character. Nothing is expanded.
     *
     * @throws IllegalArgumentException when the command is empty or a quote is not closed
     */
    public static ParsedCommand parse(String text) {
        List<String> words = new java.util.ArrayList<>();
        StringBuilder word = null;
        int i = 0;
        while (i < text.length()) {
            char c = text.charAt(i);
            if (Character.isWhitespace(c)) {
                if (word != null) {
                    words.add(word.toString());
                    word = null;
                }
                i++;
                continue;
            }
            if (word == null) {
                word = new StringBuilder();
            }
            if (c == '\'') {
                int close = text.indexOf('\'', i + 1);
                if (close < 0) {
                    throw unclosed(text, '\'', i);
                }
                word.append(text, i + 1, close);
                i = close + 1;
            } else if (c == '"') {
                i = appendDoubleQuoted(text, i, word);
            } else if (c == '\\' && i + 1 < text.length()) {
                word.append(text.charAt(i + 1));
                i += 2;
            } else {
                word.append(c);
                i++;
            }
        }
        if (word != null) {
            words.add(word.toString());
        }
        if (words.isEmpty()) {
            throw new IllegalArgumentException(
                    "the agent command is empty: give a handler name and its arguments," + " e.g. 'restart router 10'");
        }
        return new ParsedCommand(text, words.get(0), words.subList(1, words.size()));
    }

    private static int appendDoubleQuoted(String text, int open, StringBuilder word) {
        int i = open + 1;
        while (i < text.length()) {
            char c = text.charAt(i);
            if (c == '"') {
                return i + 1;
            }
            if (c == '\\' && i + 1 < text.length() && (text.charAt(i + 1) == '"' || text.charAt(i + 1) == '\\')) {
                word.append(text.charAt(i + 1));
                i += 2;
            } else {
                word.append(c);
                i++;
            }
        }
        throw unclosed(text, '"', open);
    }

    private static IllegalArgumentException unclosed(String text, char quote, int at) {
        return new IllegalArgumentException("the agent command <" + text + "> has an unclosed " + quote
                + " quote at character " + (at + 1) + ": close it or escape it with a backslash");
    }
}
