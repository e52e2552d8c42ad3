package org.maestro.dist;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Splits a simple shell command line into words the way {@code sh} does for the commands our docs and pipelines
 * write: blanks separate words, quotes group, {@code $NAME}/{@code ${NAME}} are replaced from a map. No globbing,
 * no command substitution.
 */
final class ShellWords {
    private static final Pattern VARIABLE = Pattern.compile("\\$\\{?([A-Za-z_][A-Za-z0-9_]*)}?");

    private ShellWords() {}

    static List<String> split(String line, Map<String, String> variables) {
        List<String> words = new ArrayList<>();
        StringBuilder word = new StringBuilder();
        boolean inWord = false;
        char quote = 0;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (quote == '\'') {
                if (c == '\'') {
                    quote = 0;
                } else {
                    word.append(c);
                }
            } else if (c == '\'' || c == '"') {
                if (quote == c) {
                    quote = 0;
                } else if (quote == 0) {
                    quote = c;
                } else {
                    word.append(c);
                }
                inWord = true;
            } else if (c == '$' && i + 1 < line.length()) {
                Matcher matcher = VARIABLE.matcher(line).region(i, line.length());
                if (matcher.lookingAt()) {
                    word.append(variables.getOrDefault(matcher.group(1), "value-of-" + matcher.group(1)));
                    i = matcher.end() - 1;
                } else {
                    word.append(c);
                }
                inWord = true;
            } else if (quote == 0 && Character.isWhitespace(c)) {
                if (inWord) {
                    words.add(word.toString());
                    word.setLength(0);
                    inWord = false;
                }
            } else if (quote == 0 && c == '\\' && i + 1 < line.length()) {
                word.append(line.charAt(++i));
                inWord = true;
            } else {
                word.append(c);
                inWord = true;
            }
        }
        if (inWord) {
            words.add(word.toString());
        }
        return words;
    }

    /** The names of the variables a line refers to. */
    static List<String> variables(String line) {
        List<String> names = new ArrayList<>();
        Matcher matcher = VARIABLE.matcher(line);
        while (matcher.find()) {
            names.add(matcher.group(1));
        }
        return names;
    }
}
