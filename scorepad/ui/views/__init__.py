"""The screens, one module each; ``common`` holds the pieces they share."""
