package org.maestro.reporter.out;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import javax.xml.stream.XMLStreamWriter;
import org.maestro.common.text.ConsoleText;

/**
 * Keeps text from peers and systems under test (test names, error messages) legal in an XML 1.0 document: control
 * characters and terminal escape sequences are removed (XML forbids most of them even escaped, and a JUnit reader
 * refuses the whole file for one), as are unpaired surrogates and the non-characters U+FFFE and U+FFFF; credentials
 * are hidden. {@link #wrap} applies it to every text and attribute value a writer writes.
 */
final class LegalXmlText {

    private LegalXmlText() {}

    /** The text without what XML 1.0 forbids and without credentials; tab, line feed and carriage return stay. */
    static String of(String text) {
        if (text == null) {
            return null;
        }
        String clean = ConsoleText.clean(text.replace("\r\n", "\n"));
        StringBuilder legal = new StringBuilder(clean.length());
        for (int i = 0; i < clean.length(); i++) {
            char c = clean.charAt(i);
            if (Character.isHighSurrogate(c)
                    && i + 1 < clean.length()
                    && Character.isLowSurrogate(clean.charAt(i + 1))) {
                legal.append(c).append(clean.charAt(++i));
            } else if (!Character.isSurrogate(c) && c != '\uFFFE' && c != '\uFFFF') {
                legal.append(c);
            }
        }
        return legal.toString();
    }

    /** A writer that passes every text, CDATA and attribute value through {@link #of} before writing it. */
    static XMLStreamWriter wrap(XMLStreamWriter writer) {
        return (XMLStreamWriter) Proxy.newProxyInstance(
                XMLStreamWriter.class.getClassLoader(),
                new Class<?>[] {XMLStreamWriter.class},
                (proxy, method, args) -> {
                    Object[] passed = args;
                    String name = method.getName();
                    if (args != null && args.length > 0) {
                        passed = args.clone();
                        if ((name.equals("writeCharacters") || name.equals("writeCData") || name.equals("writeComment"))
                                && args.length == 1) {
                            passed[0] = of((String) args[0]);
                        } else if (name.equals("writeCharacters") && args.length == 3) {
                            passed = new Object[] {of(new String((char[]) args[0], (int) args[1], (int) args[2]))};
                            return invoke(
                                    writer, XMLStreamWriter.class.getMethod("writeCharacters", String.class), passed);
                        } else if (name.equals("writeAttribute")) {
                            passed[args.length - 1] = of((String) args[args.length - 1]);
                        }
                    }
                    return invoke(writer, method, passed);
                });
    }

    private static Object invoke(XMLStreamWriter writer, java.lang.reflect.Method method, Object[] args)
            throws Throwable {
        try {
            return method.invoke(writer, args);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }
}
