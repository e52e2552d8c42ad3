package org.maestro.dist;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** A Markdown file as the doc checks see it: its fenced code blocks (with language and a runnable mark) and links. */
final class MarkdownDocument {
    /** The comment that marks the next fenced block as run by the build. */
    static final String RUNNABLE = "<!-- runnable -->";

    /** A fenced code block: its language, its text, the line it starts on, whether it is marked runnable. */
    record Block(String language, String text, int line, boolean runnable) {}

    private final String text;
    private final List<Block> blocks = new ArrayList<>();

    MarkdownDocument(String text) {
        this.text = text;
        List<String> lines = text.lines().toList();
        boolean runnableMark = false;
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).trim();
            if (line.startsWith("```")) {
                String language = line.substring(3).trim();
                String fence = lines.get(i).substring(0, lines.get(i).indexOf("```"));
                StringBuilder body = new StringBuilder();
                int start = i + 1;
                i++;
                while (i < lines.size() && !lines.get(i).trim().equals("```")) {
                    String content = lines.get(i);
                    body.append(content.startsWith(fence) ? content.substring(fence.length()) : content.stripLeading())
                            .append('\n');
                    i++;
                }
                blocks.add(new Block(language, body.toString(), start, runnableMark));
                runnableMark = false;
            } else if (line.equals(RUNNABLE)) {
                runnableMark = true;
            } else if (!line.isEmpty()) {
                runnableMark = false;
            }
        }
    }

    String text() {
        return text;
    }

    List<Block> blocks() {
        return blocks;
    }

    List<Block> blocks(String language) {
        return blocks.stream().filter(b -> b.language().equals(language)).toList();
    }

    /** The blocks of a language in the section under a {@code ## heading}, up to the next heading of that level. */
    List<Block> blocksInSection(String heading, String language) {
        List<String> lines = text.lines().toList();
        int start = lines.indexOf("## " + heading);
        if (start < 0) {
            throw new IllegalArgumentException("no section '## " + heading + "'");
        }
        int end = start + 1;
        while (end < lines.size() && !lines.get(end).startsWith("## ")) {
            end++;
        }
        int first = start + 1;
        int last = end;
        return blocks(language).stream()
                .filter(b -> b.line() > first && b.line() <= last)
                .toList();
    }

    /** The targets of the relative links {@code [text](target)}, without anchors. */
    List<String> relativeLinks() {
        List<String> links = new ArrayList<>();
        Matcher matcher = Pattern.compile("\\]\\(([^)\\s]+)\\)").matcher(text);
        while (matcher.find()) {
            String target = matcher.group(1);
            if (!target.contains("://") && !target.startsWith("#") && !target.startsWith("mailto:")) {
                links.add(target.contains("#") ? target.substring(0, target.indexOf('#')) : target);
            }
        }
        return links;
    }

    /**
     * The maestro-cli invocations in the shell blocks: the arguments after {@code maestro-cli} (or a path ending in
     * it) when it is the command of a line or of a part of a {@code &&} chain, after leading variable assignments.
     */
    List<List<String>> maestroCliCalls() {
        List<List<String>> calls = new ArrayList<>();
        for (Block block : blocks("sh")) {
            // a line ending in \ goes on on the next line, as in the shell
            for (String line : block.text().replace("\\\n", " ").lines().toList()) {
                String code = line.replaceAll("\\s+#.*$", "").trim();
                if (code.endsWith("&")) {
                    code = code.substring(0, code.length() - 1).trim();
                }
                for (String part : code.split("&&")) {
                    List<String> words = ShellWords.split(part.trim(), java.util.Map.of());
                    int command = 0;
                    while (command < words.size() && words.get(command).matches("[A-Za-z_][A-Za-z0-9_]*=.*")) {
                        command++;
                    }
                    if (command < words.size()
                            && (words.get(command).equals("maestro-cli")
                                    || words.get(command).endsWith("/maestro-cli"))) {
                        calls.add(List.copyOf(words.subList(command + 1, words.size())));
                    }
                }
            }
        }
        return calls;
    }
}
