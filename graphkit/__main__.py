from .cli import main

if __name__ == "__main__":  # spawned worker processes (graphkit build --workers) import this module too
    main()
