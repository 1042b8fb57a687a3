from .common import launch

if __name__ == "__main__":
    launch("MiniMaxGame")
